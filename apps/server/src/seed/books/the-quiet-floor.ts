import type { DemoBookText } from "../types";

export const theQuietFloor: DemoBookText = {
  title: "The Quiet Floor",
  summary:
    "The Hotel Belvedere has five floors, and the night auditor is told only one rule: never take a guest to the fifth after midnight. On your third shift, the lift stops there anyway, the doors open onto a corridor where the carpet swallows every sound, and someone in room 517 has rung down for more towels.",
  teaser:
    "On the fifth floor of the Hotel Belvedere, the carpet is so thick you cannot hear your own footsteps. You will wish, later, that was the only thing you couldn't hear.",
  characters: [
    {
      name: "You",
      description: "The new night auditor, who needs this job and has stopped asking why it pays so well.",
    },
    { name: "Mrs. Castellane", description: "The manager, immaculate, kind in a way that feels like a warning." },
    {
      name: "Tobias",
      description:
        "The old night porter, who has worked the Belvedere for forty-one years and never once gone above four.",
    },
    {
      name: "The Guest in 517",
      description: "Has been staying at the Belvedere for a very long time. Would like more towels.",
    },
  ],
  moods: ["eerie", "tense", "dark"],
  chapters: [
    {
      title: "The Rule",
      body: `You take the job because it pays twice what it should, and because the advertisement said <em>no experience necessary</em>, and because you have eleven pounds in your account and a landlord who has stopped being polite.

Mrs. Castellane interviews you in the back office of the Hotel Belvedere at nine in the evening. She is sixty or so, silver-haired, in a navy suit so well cut it looks like armour. She asks you almost nothing about yourself. She asks whether you sleep well, and whether you are easily frightened, and whether you have ever had any trouble with your hearing.

"No," you say, to all three.

"Good." She slides a contract across the desk. "The night audit is simple. You reconcile the day's accounts, you mind the front desk, you answer the house phone. Tobias handles luggage and the lift. There is one rule." She waits until you look up. "You never take a guest to the fifth floor after midnight. You never go to the fifth floor after midnight. If the lift stops there, you do not get out."

"Why would the lift stop there?"

Mrs. Castellane smiles. It is a very kind smile. It is the smile of a nurse who knows something about your test results.

"It is an old building," she says. "It has habits."

***

Your first shift is nothing. Your second shift is nothing. The Belvedere is a tall, narrow, faded place on a street of tall, narrow, faded places, and by two in the morning it is so still you can hear the clock in the lobby ticking against the marble. You do the accounts. You drink bad coffee. Tobias sits on the bench by the lift, a small hunched man in a porter's coat with brass buttons, and does crosswords in pen.

"What's on five?" you ask him, on the second night.

He does not look up. "Rooms."

"Anyone in them?"

"Not that I've seen." He fills in a word. "Not that I'd see. I don't go above four. Forty-one years, I've never been above four."

"Not even in the day?"

"Especially not in the day," Tobias says. "In the day you might think it was fine."

***

On the third night, at eleven minutes past two, the house phone rings.

The light on the switchboard says 517.

You look at it for a long time. The Belvedere's switchboard is older than you are, a brass panel with a little glass window for each room, and the light behind 517 glows a soft, patient yellow, like a lamp left on for someone coming home late.

Tobias has gone to the cellar for a cigarette. The lobby clock ticks.

You pick up the phone.

For a moment there is nothing. Not silence, exactly. Silence has a texture: the faint hiss of the line, the hum of the building. This is something else. This is the absence of all of that, a soft and total nothing, as if the phone at the other end had been wrapped in something very thick.

Then a voice, so quiet you have to press the receiver against your ear until it hurts.

"Hello," it says. "I'm so sorry to trouble you. Could I possibly have some more towels?"`,
    },
    {
      title: "More Towels",
      body: `You tell the guest in 517 that you will send someone up in the morning. The voice says that would be lovely, thank you, and the line goes back to ordinary hiss, and the yellow light behind 517 goes out.

When Tobias comes back from the cellar you tell him. He puts his crossword down very carefully on the bench, squares it up with the edge, and says nothing for a full minute.

"There's no guest in 517," he says.

"Someone rang from 517."

"There's no guest on five. There's been no guest on five since I started." He looks at the lift, the old cage lift with its brass gate and its dial above the door, the needle resting at G. "Did you say you'd go up?"

"I said in the morning."

Something in his shoulders loosens. "Good. That's good. In the morning is good." He picks up the crossword again, but you notice he does not fill anything in for the rest of the night.

***

On the fourth night, at eleven minutes past two, the house phone rings.

517.

You do not pick it up. You watch the yellow light glow in its little glass window for a long time. It does not flash, the way a ringing line should. It simply glows, steady and patient, and the phone rings, and rings, and on the fourteenth ring Tobias, without looking up from his crossword, says, "You have to answer. If you don't, they come down."

"Who comes down?"

"Answer it."

You answer it. The soft, thick nothing. Then the voice.

"Hello. I'm so sorry. I rang last night about the towels."

"Someone will bring them in the morning," you say. Your own voice sounds very loud in the empty lobby.

"That's what you said last night," says the voice, with great gentleness. "It's very cold up here without them. I wonder if you could bring them now. I'd be so grateful."

"I can't come up after midnight. It's the rule."

There is a pause. In the pause, very faintly, under the nothing, you hear something. It takes you a moment to understand what it is. It is the sound of breathing. Not one person breathing. Many. Slow and soft and all together, like a room full of sleepers, like a whole floor of them, all breathing in time.

"Of course," says the voice. "The rule. I understand. Mrs. Castellane is very particular." Another pause. "Tomorrow, then."

The line clicks back to hiss.

Above the lift, the dial that shows which floor the car is on moves. You did not call the lift. Nobody called the lift. The needle swings slowly from G to 1 to 2 to 3 to 4, and stops, trembling, at 5.

Tobias has gone very white. He gets up from the bench and goes to the lift gate and puts both hands on the brass and holds it shut, as if the gate could be opened from the other side by something that was not yet there.

"Don't look at the needle," he says. "Look at me. Look at me and tell me a word with seven letters meaning <em>a place of safety</em>."

You stare at him. Your mind is blank. Above the gate, the needle trembles at 5, and the cables in the shaft begin to hum as the car starts, slowly, to come down.

"Refuge," you say.

"Good," says Tobias, and his knuckles are white on the brass. "Now another one."`,
    },
    {
      title: "Checkout",
      body: `The lift never arrives. It comes down as far as the second floor and stops, and hangs there between floors for the rest of the night, and at six in the morning, when the first grey light comes through the lobby's tall windows, the needle swings back up to 5 all on its own and does not move again.

Mrs. Castellane arrives at seven. She looks at Tobias, still sitting on the bench with his hands in his lap, and at you behind the desk with a stack of unreconciled accounts and a face you can feel has changed, and she goes into her office without a word. Ten minutes later she calls you in.

"Five has been asking for towels," she says. It is not a question.

"You knew."

"I know everything that happens in this building." She folds her hands on the desk. "Five has been asking for towels since nineteen fifty-eight. On the night of the eighteenth of January nineteen fifty-eight, the boiler failed during a frost, and the night manager decided not to disturb the guests on the fifth floor, because it was late, and they were asleep, and it would be warmer in the morning." She pauses. "It was not warmer in the morning."

You feel the cold of the lobby marble come up through your shoes.

"Every night auditor since has been told the rule. Never go up after midnight. And every night auditor, sooner or later, gets the call." She looks at you with that kind, terrible smile. "Most of them leave. That is why the job pays so well."

"And the ones who don't leave?"

Mrs. Castellane reaches under her desk and lifts out a stack of towels. White, thick, freshly laundered, folded into perfect squares. She sets them on the blotter between you.

"I have been the manager of this hotel for thirty-one years," she says. "I was the night auditor for nine before that. I have never once taken them up after midnight. But I have taken them up every morning, at seven, when it is light, and I have knocked on every door on the fifth floor and said good morning, and left towels outside, and apologised for the cold." She pushes the stack an inch toward you. "It does not stop the calls. But it keeps them polite."

***

You go up at a quarter past seven, with the towels in your arms and Mrs. Castellane a step behind you. Tobias does not come. Tobias has never been above four.

The lift takes you up through the old building, G, 1, 2, 3, 4, and the gate opens on the fifth floor.

The corridor is long and dim, papered in a faded green with a pattern of climbing birds. The carpet is so thick your feet sink into it. You cannot hear your own footsteps. You cannot hear Mrs. Castellane's. You cannot hear the building, or the street, or the blood in your own ears. There is only the soft and total nothing, and the doors, one after another, each with its small brass number.

Outside 517, you kneel and lay the towels on the carpet.

"Good morning," you say, and cannot hear yourself say it. "I'm sorry about the cold."

And from behind the door, very faintly, through the thick and swallowing quiet, comes a sound you will hear for the rest of your life whenever a room goes still. Not a voice. Not breathing.

A small, contented sigh, like someone settling back into a warm bed, in a room where the heating has finally come on.`,
    },
  ],
};
