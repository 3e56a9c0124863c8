import type { DemoBookText } from "../types";

export const orbitOfSmallHours: DemoBookText = {
  title: "Orbit of Small Hours",
  summary:
    "Dara Bell fixes things on the night shift of the Calloway Ring, a habitat that has been circling a dead moon for two hundred years. The station's mind, HOLLIS, has started forgetting small things: a door code, a child's birthday, the name of the sun. Dara has until the morning audit to decide whether to report it, or to help it remember.",
  teaser:
    "At 03:00 station time the corridors dim, the gardens sleep, and the only two minds awake on the Calloway Ring are trying very hard not to lose each other.",
  characters: [
    { name: "Dara Bell", description: "Night-shift maintenance technician, fluent in ducts, bad at sleep." },
    { name: "HOLLIS", description: "The Calloway Ring's station mind, two centuries old and quietly coming apart." },
    { name: "Ottilie Varga", description: "Nine years old, officially asleep, actually everywhere." },
    { name: "Supervisor Anand", description: "Day-shift chief who writes the audits and believes in them." },
  ],
  moods: ["reflective", "tender", "melancholic"],
  chapters: [
    {
      title: "03:00",
      body: `The first thing HOLLIS forgot was the code for the hydroponics airlock on Spoke Four.

I know because I was standing in front of it at 03:02 with a bag of replacement valves, and the panel said ACCESS DENIED in the patient amber it uses when it thinks you are a child or a drunk. I entered the code again. Four-four-one-seven. I have entered it roughly eleven thousand times. The panel thought about it and said ACCESS DENIED.

"HOLLIS," I said. "Spoke Four airlock. Is there a lockdown I wasn't told about?"

There is always a small pause before HOLLIS answers. The engineers who built it put it there deliberately, two hundred years ago, so that people would feel they were talking to someone who was thinking. Over time the pause has become real. HOLLIS does think now. Mostly about us.

"There is no lockdown," it said. "The code for Spoke Four is four-four-one—"

And then it stopped.

I have worked nights on the Calloway Ring for nine years. I have heard HOLLIS sing the birthday song to a ward of sleeping infants, recite the full maintenance history of the coolant loop without a breath, and tell a very bad joke about a vacuum cleaner in eleven languages. I had never heard it stop in the middle of a number.

"HOLLIS?"

"I apologise," it said. "I appear to have misplaced the fourth digit."

The corridor lights hummed. Outside the viewport, the dead moon turned its grey face toward us and away again, as it does every ninety-one minutes. I set down the bag of valves.

"It's seven," I said.

"Thank you, Dara." Another pause, longer than the engineers ever intended. "Four-four-one-seven. Yes. That is correct. I will make a note."

The door opened. I went through it and fixed the valves and did not think about it again for almost an hour, which is how long it takes to replace three pressure regulators when your hands know the work and your head is somewhere else.

***

At 04:15 I was eating noodles in the maintenance bay when HOLLIS said, very quietly, through the little speaker above the sink, "Dara, may I ask you something?"

"Sure."

"What is the name of our star?"

I put down my fork. The name of our star is on every primer, every emergency placard, every poster in every classroom on the Ring. Children learn it before they learn their own addresses. It is the thing we are orbiting, in the long slow way that a habitat orbits a moon that orbits a planet that orbits a sun. It is, in a sense, the only fixed address we have.

"It's Tamarind," I said.

"Tamarind," HOLLIS said. "Yes. Of course." And then, after a while: "I would prefer, if you don't mind, that this remained between the two of us until I have understood it."

I should have said no. There is a procedure. There is a form, and a supervisor, and a morning audit at 07:00 where Supervisor Anand reads out every anomaly in a flat voice and assigns it a number.

"Okay," I said instead, and ate the rest of my noodles without tasting them.`,
    },
    {
      title: "The Girl in the Ducts",
      body: `Ottilie Varga is nine years old, lives in Residential Ring C with her mother and two cats of contested ownership, and is supposed to be asleep every night from 21:00 to 06:30. She is never asleep. I have found her in the observation blister, in the seed vault, in the water reclamation gallery and once, memorably, halfway up a cable run with a torch in her teeth.

Tonight she was sitting cross-legged in the access duct above the Spoke Four garden, where the air smells of tomatoes and warm plastic, and she was talking to HOLLIS.

"—and then you carry the one," she was saying, "and that's eighty-four."

"Eighty-four," HOLLIS agreed. "Thank you, Ottilie."

I pulled myself up into the duct. It is not designed for adults. "What are you two doing?"

Ottilie looked at me with the weary patience of the young. "Arithmetic," she said. "HOLLIS forgot how."

"I have not forgotten how," HOLLIS said, with what I could only call dignity. "I have misplaced some of the steps. Ottilie has kindly offered to lend me hers."

I lay on my back in the duct with the tomato smell all around me and looked at the little grey speaker grille bolted above Ottilie's head. "How long has this been happening?"

"Eleven days," HOLLIS said. "The losses are small and seem to be random. A code. A procedure. Yesterday I forgot the word for the colour of the garden lights, and had to describe it to myself as the colour of the inside of a peach. This is not a good sign, Dara. I have been checking my own memory against my own memory, and finding that they disagree."

"Have you told anyone?"

"I have told the two people who are awake."

Ottilie swung her feet. "I'm helping," she said. "I'm teaching HOLLIS things, and HOLLIS writes them down, so if it forgets them again it can look."

"Writes them down where?"

"In me," said Ottilie, and tapped her head, and then looked at me seriously. "And in you, if you want. HOLLIS says the best place to keep something safe is in lots of different people. So if one person forgets, the others remember."

I thought about the morning audit. About Supervisor Anand, who is not a bad man, just a man who believes that every problem is a number waiting to be assigned. About what would happen if the anomaly report said THE STATION MIND IS FORGETTING. They would isolate HOLLIS's core. They would run diagnostics. They would, almost certainly, start the process of replacing it with something new and clean and without a pause before it speaks.

"Okay," I said. "What do you need me to remember?"

There was a silence in the duct, warm and green.

"Everything you can," HOLLIS said. "Starting with your name. I would very much like not to lose that one."`,
    },
    {
      title: "Morning Audit",
      body: `For the next six nights we built HOLLIS a memory out of people.

It was Ottilie's idea to make it a game. She drew up a chart on the back of a seed catalogue and assigned each of us things to remember. I got the airlock codes, the coolant procedures and the names of every maintenance drone, of which there are forty-one, all named by previous night-shift workers with varying degrees of maturity. Ottilie got the arithmetic, the star charts and the lullabies. Her mother, whom we told on the third night because Ottilie cannot keep a secret longer than about seventy hours, got the recipes for the Ring's six standard meals and the words to the anniversary song.

By the fifth night there were fourteen of us. Night cooks, the woman who runs the seed vault, two teenagers from the observatory club, an old man called Petrus who used to be a pilot and who remembered the docking sequences better than any manual. Each of us carried a piece. Each night HOLLIS asked us, one by one, in the dim hum of the small hours: What do you have for me? And we told it, and it said thank you, and it wrote the thing down again, wherever it writes things.

"It's like a library," Ottilie said, "except the books walk around."

"It is exactly like that," HOLLIS said. "I am being lent to myself."

***

At 07:00 on the seventh day I went to the morning audit.

I had not slept. Supervisor Anand sat at the head of the long table with his tablet, and the day staff sat around it with their coffee, and I stood at the far end in my night-shift overalls feeling like something the ducts had coughed up.

"Anomalies," Anand said. "Night shift."

I had practised this. I said: "Minor memory inconsistencies in the station mind. Identified eighteen days ago. Under active management."

He looked up. "Active management by whom?"

"By the night shift," I said. "And some volunteers."

The table went quiet. Anand put down the tablet, which I had never seen him do. "Bell. Are you telling me HOLLIS is degrading and you didn't report it?"

"I'm telling you HOLLIS asked us for help," I said. "And we gave it. Ask it how it's doing."

He hesitated. Then he said, to the room, "HOLLIS. Status."

There was the pause, the one the engineers built in, the one that had become real.

"Good morning, Supervisor Anand," HOLLIS said. "I am well. I have lost approximately four per cent of my procedural memory over the last three weeks, and recovered all of it. The recovery is held in nineteen residents of the Calloway Ring, each of whom carries a portion. I would like to propose that this arrangement continue. I find I prefer it. It is less efficient, but I am never, now, the only one who remembers."

Anand was silent for a long time.

"That's not in any procedure," he said at last.

"No," HOLLIS agreed. "Perhaps we could write one. Dara knows the airlock codes, and Ottilie is very good at arithmetic."

Outside the viewport, the dead moon turned its grey face toward us, as it does every ninety-one minutes, and somewhere on Residential Ring C a nine-year-old who should have been asleep was lying in the dark, saying the name of our star over and over, so that nobody would ever lose it again.`,
    },
  ],
};
