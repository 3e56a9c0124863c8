import type { DemoBookText } from "../types";

export const aMapOfQuietStars: DemoBookText = {
  title: "A Map of Quiet Stars",
  summary:
    "Ilse Marchetti and Bao Nguyen keep the two loneliest relay stations in the outer system, fourteen light-minutes apart, passing messages between Earth and the colonies that nobody else will ever read. Their own messages are meant to be about maintenance. They stopped being about maintenance some time ago.",
  teaser:
    "Every message takes fourteen minutes to arrive. Every reply takes fourteen more. It is, Ilse decides, the slowest and best conversation of her life.",
  characters: [
    {
      name: "Ilse Marchetti",
      description: "Keeper of Relay Perdita, an astronomer who came out here to be alone and is failing at it.",
    },
    {
      name: "Bao Nguyen",
      description:
        "Keeper of Relay Halcyon, a former chef who cooks elaborate dinners for one and describes them in detail.",
    },
    { name: "ARGUS", description: "Perdita's relay system, which has opinions about signal hygiene." },
    {
      name: "Biscuit",
      description: "A station cat of uncertain origin who lives on Halcyon and appears in most transmissions.",
    },
  ],
  moods: ["romantic", "hopeful", "wistful"],
  chapters: [
    {
      title: "Routine Traffic",
      body: `<strong>PERDITA TO HALCYON. 04:12 SHIPTIME. ROUTINE.</strong>

Halcyon, this is Perdita. Packet batch 7716 forwarded and verified, checksum attached. Your last three handoffs arrived with a timing drift of 0.4 seconds, which ARGUS would like me to tell you is outside tolerance, and which I would like to tell you I do not personally care about in the slightest. Please adjust your clock when convenient. Perdita out.

P.S. ARGUS also flagged the eighteen-second audio attachment on your last packet as "non-operational content." I listened to it anyway. Was that a cat?

<strong>HALCYON TO PERDITA. 04:41 SHIPTIME. ROUTINE.</strong>

Perdita, Halcyon. Clock adjusted. Sorry about the drift, I had the station mind recalibrating the galley ovens and it got confused about which kind of timing mattered. Batch 7717 incoming.

It was a cat. Her name is Biscuit. She came up in a supply crate eight months ago, between the soy flour and the spare air scrubbers, and the company says she is "not listed on the station manifest," so officially she doesn't exist. Unofficially she is asleep on my console as I record this and has just put her foot on the transmit key, which is why you may hear a noise at the end of this message like a very small door opening.

Tonight I made gnocchi. From scratch. For one person. I'm aware of how that sounds.

Halcyon out.

***

The relay stations were built to pass messages, and passing messages is all they do. Earth speaks to the outer colonies and the colonies speak back, and in between, across the long dark, the words have to be caught and cleaned and thrown on to the next station like buckets in a fire line. Perdita and Halcyon are the last two buckets before the colonies: two small rooms full of machines, two keepers, and fourteen minutes of empty space between them that even light takes its time to cross.

Ilse had taken the Perdita posting because it was the farthest from anywhere a person could be and still draw a salary. She had wanted quiet. She had wanted a window full of stars nobody else was looking at, and three years of nobody asking her how she was.

She had not counted on gnocchi.

<strong>PERDITA TO HALCYON. 05:20 SHIPTIME. ROUTINE.</strong>

Batch 7717 verified. Timing nominal. ARGUS is pleased.

What sauce?

<strong>HALCYON TO PERDITA. 05:49 SHIPTIME. ROUTINE.</strong>

Brown butter and sage. The sage is from the hydroponics bay, it grows like a weed up here, I think it likes the recycled air. Biscuit tried to eat some and sneezed for ten minutes.

Do you cook, Perdita? You don't have to answer that. It's not operational.

<strong>PERDITA TO HALCYON. 06:18 SHIPTIME. ROUTINE.</strong>

I heat things up. The company meal packs come in four flavours, which are Chicken, Vegetable, Beef, and a fourth one the label calls Classic, which I have been unable to identify after two years of close study.

My name is Ilse.

<strong>HALCYON TO PERDITA. 06:47 SHIPTIME. ROUTINE.</strong>

Hi, Ilse. I'm Bao.

Classic is lentils, I think. With despair.`,
    },
    {
      title: "Fourteen Minutes",
      body: `The thing nobody tells you about a conversation with a fourteen-minute delay is that it changes the way you say things.

You cannot interrupt. You cannot be interrupted. You cannot see a face fall or brighten, or hear a breath caught, or change course halfway through a sentence because the other person has started to look bored. You have to decide what you mean, and say all of it, and send it off into the dark, and then wait twenty-eight minutes, minimum, to find out what it did.

Ilse found, to her surprise, that she liked it.

She had spent most of her life in rooms where people talked over each other, in seminars and departments and family kitchens, where the loudest voice won and the quiet ones learned to stop trying. Out here, every message got to be whole. Every message got the full attention of someone with nothing else to do but read it.

<strong>PERDITA TO HALCYON. 22:03 SHIPTIME. NON-OPERATIONAL.</strong>

ARGUS has made a new category for our messages. I find this funny and slightly humiliating.

Tonight I watched an occultation. One of the ice moons of the sixth planet passed in front of a star I've been tracking since I got here, a small orange one that isn't in any of the popular catalogues. It went out for eleven seconds and came back. I timed it by hand. It doesn't matter to anyone; the data is already known. I just wanted to see it.

When I was a child I used to make maps of the stars I could see from my bedroom window, in Trieste. Not the constellations. Just the ones that were mine, between the chimney and the neighbour's aerial. I gave them names. I haven't thought about that in twenty years.

I think I'm going to start a new one. A map of the stars I can see from here, that nobody else is looking at.

<strong>HALCYON TO PERDITA. 22:31 SHIPTIME. NON-OPERATIONAL.</strong>

Name one after Biscuit.

That's all. That's the whole message. I've typed six other things and deleted them. I'll just say: I read yours three times, and then I went and looked out of my own window for an hour, which I never do, and there was an orange star there too, low, just above the antenna array. I don't know if it's the same one. I'd like to think it is.

Name one after Biscuit, Ilse. And tell me which.

***

They fell into a rhythm. Operational traffic in the mornings, clipped and correct, for ARGUS and the company logs. Non-operational in the evenings, longer and longer, sent off into the gap and waited for with an attention that Ilse would once have been embarrassed to admit to.

Bao told her about the restaurant in Da Nang where he had trained, and the one in Lyon where he had failed, and the night he had walked out of a kitchen in the middle of service and applied for the loneliest job in the solar system. She told him about the observatory, and the grant that had not been renewed, and the man she had been going to marry who had said, when she told him about Perdita, <em>Well, that's one way to end it.</em>

He cooked her dinners she could not eat: described them course by course, with the timing, the smells, the sound of the pan. She sent him maps: a sketch of her window with the stars pricked out in ink and labelled in a small neat hand. Near the bottom left, faint and orange, one of them said <em>Biscuit</em>.

Neither of them said what was happening. It took fourteen minutes to say anything, and they both, it seemed, wanted to be very sure.`,
    },
    {
      title: "Signal Hygiene",
      body: `<strong>PERDITA TO HALCYON. 09:14 SHIPTIME. OPERATIONAL. PRIORITY.</strong>

Bao. The company bulletin just came through in batch 8302. They're automating the relays. Both stations. New systems arrive on the next supply run in four months, and the keepers will be recalled. They're calling it "consolidation." ARGUS says it's very excited.

I don't know what to say. I'm sending this as priority so it goes to the front of your queue. I'm sorry. I didn't want you to find out from a bulletin.

<strong>HALCYON TO PERDITA. 09:43 SHIPTIME. OPERATIONAL. PRIORITY.</strong>

I saw it. I was reading it when yours came in.

Four months.

I've been doing the arithmetic. It's what I do when I panic, apparently, along with making bread. The supply ship comes to Halcyon first and then to Perdita. It's a six-day run between us, at cargo speeds. Six days, Ilse. After two years of fourteen minutes.

I don't know what you look like. Isn't that strange? I know you hum when you're concentrating, because you forget to cut the audio. I know you take your coffee black and complain about it. I know the name of every star outside your window. I don't know what colour your eyes are.

<strong>PERDITA TO HALCYON. 10:12 SHIPTIME. NON-OPERATIONAL.</strong>

Grey. Sort of. My mother says grey, my passport says blue, my ex-fiancé said "a sort of dishwater," which should have told me something.

I know what you look like. I looked you up in the company directory the week you told me about the gnocchi. I'm sorry. It was an invasion of privacy. You have a very serious photograph. You look like someone about to tell a waiter to take the fish back.

I want to tell you something and I've been trying to decide if fourteen minutes is long enough to say it properly or too long to wait for the answer.

<strong>HALCYON TO PERDITA. 10:41 SHIPTIME. NON-OPERATIONAL.</strong>

Say it anyway. I'll wait. I'm good at waiting. I've had practice.

Biscuit says hello. She's sitting on the transmit key again. I'm not moving her.

***

Ilse sat at her console for a long time. Outside the window the stars were quiet, all of them, the ones in the catalogues and the ones that were only hers. She looked for the orange one, low on the left, and found it.

"ARGUS," she said. "How would you classify a message that is neither operational nor non-operational?"

The relay system considered this with the slight pause it used when it disapproved. "There is no such category."

"Make one."

A longer pause. "Name?"

She thought of the window in Trieste, the chimney and the aerial, the small girl giving names to things nobody else had noticed. She thought of fourteen minutes of dark, and someone on the other side of it, waiting, with a cat on the transmit key.

"Personal," she said, and began to write.`,
    },
  ],
};
