import type { DemoBookText } from "../types";

export const theSaltLantern: DemoBookText = {
  title: "The Salt Lantern",
  summary:
    "On the drowned coast of Skerrow, the lantern at Gull Point burns salt instead of oil, and as long as it burns the tide keeps what it has taken. When her father's hands begin to shake, Tamsin Vell must learn the old work alone, just as something under the water starts to answer the light.",
  teaser: "Every lighthouse keeps ships away from the rocks. Only one keeps the rocks away from the village.",
  characters: [
    {
      name: "Tamsin Vell",
      description: "The keeper's daughter, sixteen, stubborn, better with knots than with people.",
    },
    {
      name: "Oren Vell",
      description: "Keeper of the Gull Point lantern for thirty years, and hiding how tired he is.",
    },
    {
      name: "Pell Marrow",
      description: "An inland boy sent to the coast to learn a trade nobody will explain to him.",
    },
    {
      name: "The Tidewife",
      description: "What the village calls the voice beneath the bay, when it calls her anything at all.",
    },
    { name: "Warden Ashgrove", description: "The salt warden who measures every sack and trusts nobody who smiles." },
  ],
  moods: ["atmospheric", "eerie", "hopeful", "coming-of-age"],
  chapters: [
    {
      title: "The Ninth Sack",
      body: `The salt came up from the pans on the last Tuesday of every month, and Tamsin Vell counted it the way other girls counted coins. Nine sacks, grey and damp at the seams, each stamped with the warden's crooked star. Nine sacks to keep the lantern burning until the next pans were raked.

She carried the first eight up the tower herself. The stair had a hundred and twelve steps, and she knew each one by its complaint: the fourth creaked, the thirtieth was worn into a bowl, the ninety-first wobbled if you put your weight on the left side. By the time she reached the lamp room her shoulders burned and her hair was stiff with the wind.

Her father was waiting at the top, which he never did.

"Leave the ninth," Oren Vell said. "I'll fetch it."

He said it lightly, the way he said most things, but Tamsin saw his hand on the brass rail. It was trembling. Not the shiver of cold, which every keeper on Skerrow knew, but a small steady tremor, like a moth caught in a cupped palm.

"I've got it," she said.

"Tamsin."

"I've got it, Da."

She went back down before he could argue. At the bottom of the tower the ninth sack leaned against the door, and beside it, looking as though he had been rained on for a week, stood a boy she had never seen.

He was thin and pale and held a canvas bag in both arms like a sleeping dog. His boots were too good for the coast. Nobody on Skerrow wore boots that had never been wet.

"Is this Gull Point?" he asked. "I'm meant to be at Gull Point. I'm Pell. Pell Marrow. The warden sent me."

"Sent you for what?"

"To learn the lantern." He looked up at the tower, then at the grey water beyond it, flat and patient as a held breath. "Nobody will tell me what that means."

Tamsin hoisted the ninth sack onto her shoulder. It was heavier than the others, or she was more tired. "It means you carry this," she said, and dropped it into his arms.

He staggered but did not fall. She decided that was something.

***

That night the three of them ate fish stew at the table under the window, and her father told Pell the story every child on Skerrow already knew: how the sea had come over the old village a hundred years ago in a single night, how the bells of St. Elsin's still rang under the bay when the current was strong, and how the first keeper had learned to burn salt so the tide would remember where it ended.

"Salt's the sea's own bones," Oren said. "Burn it, and the water smells its own death. It stays back."

Pell's spoon hovered. "That's a story, though."

Oren smiled and did not answer. Outside, the lantern turned its slow white eye across the bay, and far out, where the old village lay, something under the water turned with it.`,
    },
    {
      title: "What the Bells Remember",
      body: `Pell was hopeless with the wick-trimmer and worse with the bellows, but he asked good questions, and Tamsin found, to her annoyance, that she liked answering them.

"Why nine sacks?"

"One for each night the moon's too thin to help," she said. "The rest of the month the moon does half the work."

"Why does it smell like burnt sugar?"

"Because the pans are old. The new salt from the mainland smells like nothing, and it doesn't work."

"Why doesn't it work?"

She opened her mouth and closed it again. Nobody had ever asked her that. "Because it doesn't remember anything," she said finally, and Pell wrote it in the little book he carried, as if she had said something wise.

They worked the lamp in shifts: Oren from dusk to midnight, Tamsin from midnight to four, Pell from four to dawn, which everyone agreed was the shift for people who could not yet be trusted. In the lamp room the salt burned in a deep iron dish, and the light it gave was not like oil light. It was whiter and colder and it shivered at the edges, as though it were made of tiny falling things.

On the sixth night, Tamsin heard the bells.

She had heard them before, of course. Every child on Skerrow had lain awake on a spring tide and listened to the drowned church tolling out in the bay, faint and irregular, like someone knocking on a door in another house. But she had never heard them ring a tune.

Three notes. A pause. Three notes again, climbing.

She put her hand flat on the glass. The water below the tower was black and ridged with moonlight, and out where the old village lay, there was a paleness in it, as if the lantern's light had gone down into the sea and was coming back up.

"Da," she whispered, though he was asleep two floors below.

The bells rang again. Three notes, climbing, and then a fourth that did not belong, a low cracked tone that she felt in her teeth.

In the morning she told her father. He was sitting on the bench outside the door with his pipe unlit in his hand, and he did not look surprised. He looked, she thought, like a man who had been waiting for a letter he did not want to open.

"How many notes?" he said.

"Four. The last one was wrong."

Oren turned the pipe over. His hand was trembling again, and this time he did not hide it. "Your grandmother heard four," he said. "The year before the pans flooded."

"What does it mean?"

"It means the Tidewife is awake," he said, "and she's counting."

Pell had come out of the door behind them with the kettle. He stood very still. "Counting what?"

Oren looked at the tower, at the thin curl of white smoke from the lamp-room vent, at the nine sacks that were now seven.

"How much salt we have left," he said.`,
    },
    {
      title: "The Warden's Measure",
      body: `Warden Ashgrove kept the salt house at the top of the harbour steps, and he kept it the way a miser keeps a purse: locked, weighed and resented. He was a narrow man with ink-stained cuffs, and when Tamsin came in with Pell behind her he did not look up from his ledger.

"Tuesday's not for a fortnight," he said.

"We need more. Two sacks at least. Three if you can spare them."

Now he looked up. "The lantern gets nine. It has always got nine."

"The Tidewife is ringing four notes."

The pen stopped. For a long moment the only sound was the wind worrying at the shutters. Then Ashgrove closed the ledger with great care, as though it might bruise.

"Who told you that story?"

"Nobody told me. I heard it."

"Your father heard it?"

"He's heard it before." Tamsin kept her voice level. "When my grandmother kept the light."

Ashgrove rose and went to the back of the salt house, where the sacks were stacked to the rafters in rows as neat as teeth. He did not take one down. He laid his palm against the nearest, the way her father laid his hand on the tower's cold stone each morning, and when he turned round his face had changed.

"There is no more," he said quietly. "The pans have been failing for three years. The brine comes in thin. I have been filling the ninth sack with mainland salt since the autumn, and telling no one, because I hoped nobody would notice."

Pell made a small sound. "The ninth sack was heavier," he said. "I noticed."

Tamsin stared at the warden. "The mainland salt doesn't work."

"I know what it doesn't do." Ashgrove sat down heavily. "I've known longer than you've been alive. But I had nothing else to give you, girl. You can't burn what the sea won't make."

***

They walked back along the shingle without speaking. The tide was out, farther than Tamsin had ever seen it, and the flats gleamed wet and brown for half a mile. Far out, where the water began, something stood up out of the mud: a dark shape, square-shouldered, with a little cap of stone.

"That's a chimney," Pell said.

It was. The tide had never gone out far enough to show it before. Beyond it, half-sunk, lay the curve of a roof, and beyond that a line of fence posts, and beyond that the blunt grey tooth of a church tower with no bell in it.

"She's showing us," Tamsin said. She did not know how she knew. "She wants us to see what she's got."

Pell took out his little book, and then put it away again without writing anything. "Or what she's going to give back," he said.

The wind changed. From somewhere under the flats, muffled by a hundred years of silt, came a single low note, cracked and patient, like a question asked of the dark.`,
    },
    {
      title: "Bones of the Sea",
      body: `It was Pell who worked it out, in the end, which Tamsin would never entirely forgive.

"Salt's the sea's own bones," he said, reading from his book by the light of the last sack. "That's what your father said. Burn it and the water smells its own death."

"So?"

"So it isn't the salt that matters. It's that it came from here. From this water. It remembers." He turned the page. "You said that. The mainland salt doesn't remember anything."

Tamsin looked at the iron dish, at the white flame shivering in it, growing thin. Below them the bay was already higher than it should be at this hour, creeping up the shingle in long, unhurried tongues.

"We don't have time to rake new pans," she said.

"We don't need pans." Pell was already on his feet. "We need something from this water that remembers."

She understood before he finished. She went down the hundred and twelve steps faster than she had ever gone, past the creaking fourth and the worn thirtieth, out of the door and into the cold, where her father sat on the bench with his hands folded in his lap to stop them shaking.

"Da," she said. "The bell rope. Grandmother's. Where is it?"

Oren Vell looked at her for a long time. Then he stood, slowly, and went inside to the chest at the foot of his bed, and came back with a coil of old hemp as thick as her wrist, stiff and white with a century of dried brine. The bell rope of St. Elsin's, cut loose the night the sea came in, and kept by every keeper since.

"She told me never to burn it," he said. "Unless the Tidewife started counting."

***

They climbed together, the three of them, Oren last and slow, one hand on the rail and one on Pell's shoulder. In the lamp room Tamsin cut the rope into nine lengths with her father's knife and laid the first in the dish.

It caught with a sound like a sigh. The light that rose from it was not white. It was gold, the warm thick gold of candles in a church at evening, and it spread across the water in a long bright road.

Out in the bay, the bells began to ring.

Not four notes. Not a count. They rang the way bells ring for a wedding, or the end of a war, all together and out of order, joyful and clumsy, and the tide that had been climbing the shingle stopped, and trembled, and drew slowly back.

Oren sat down on the floor of the lamp room and laughed until he wept. Pell wrote furiously in his book. And Tamsin stood at the glass with her palm against it, watching the gold road run out across the water to the drowned village, and for just a moment she was sure she saw someone standing at the far end of it, small and pale and patient, lifting one hand in return.

In the morning there were eight lengths of rope left, and a line of fresh white salt drying along the high-water mark, more than any pan had made in years. The sea, it seemed, had decided to pay its debts.`,
    },
  ],
};
