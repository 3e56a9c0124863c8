import type { DemoBookText } from "../types";

export const whatTheRiverKept: DemoBookText = {
  title: "What the River Kept",
  summary:
    "After her father's death, Agnes Teller returns to the house on the Owlbourne she left twenty years ago, meaning to empty it in a week. Room by room, among his tide tables and jars of river stones, she finds the record of a life spent watching water, and of the one thing he never told her.",
  teaser:
    "Her father kept everything the river gave him. It takes Agnes a week to understand that she was one of those things.",
  characters: [
    {
      name: "Agnes Teller",
      description: "A translator in the city, forty-four, who left the river at twenty-four and did not look back.",
    },
    {
      name: "Walter Teller",
      description: "Her late father, a lock-keeper who wrote down the water level every day for fifty-one years.",
    },
    {
      name: "Hal Dunmore",
      description: "The last ferryman on the Owlbourne, Walter's oldest friend and keeper of his confidences.",
    },
    {
      name: "Kit Teller",
      description: "Agnes's younger brother, who stayed, and who has opinions about people who didn't.",
    },
  ],
  moods: ["reflective", "bittersweet", "quiet"],
  chapters: [
    {
      title: "The Lock-Keeper's House",
      body: `The house stood where it had always stood, at the bend below Marden Lock, with its back to the road and its face to the water, as if it had long ago decided which of the two deserved its attention. Agnes parked on the verge and sat in the car with the engine off, listening to the weir.

She had told her editor a week. She had told Kit a week, on the phone, and he had said, "Take as long as you like, it's not going anywhere," in the tone he used when he meant the opposite. A week to sort, to label, to ring the house clearance people and the estate agent in Holbury and the man from the waterways board who wanted the lock-keeper's ledgers back. A week, and then she would drive home to the city and her small flat and her work, which was turning other people's sentences into other languages, and which she was good at because it required her to be nobody in particular.

The key was under the third flowerpot, where it had been since 1979.

Inside, the house smelled of him. Not unpleasantly: of wool, and pipe smoke long given up but never quite gone, and the green cold smell of the river that got into everything. His coat hung on the peg by the door. His boots stood beneath it, one slightly in front of the other, as though he had been about to step into them.

She did not cry. She noted that she did not cry, with a kind of professional interest, and went through to the kitchen to put the kettle on, because that was what you did.

On the kitchen table lay a ledger. Not one of the waterways board ledgers, with their green cloth and their printed columns, but a cheap school exercise book, the kind you bought in packs of ten. On the cover, in her father's square capitals, it said OWLBOURNE. 1973. VOL. 1.

She opened it.

<em>2 March. Level 1.42m. Clear, cold. Heron on the far bank at seven. Ice at the margins.</em>

<em>3 March. Level 1.40m. Rain in the night. Two mallard pairs. Boy fishing below the weir with a bent pin, told him to try the pool.</em>

Fifty-one years. She knew without counting. He had written the level every day of his working life for the board, and then, it seemed, every day of his life for himself. In the cupboard under the stairs, when she opened it, the exercise books were stacked to the ceiling in neat columns, their spines faded to the same pale blue, each one labelled with a year.

She stood in front of them for a long time. The kettle boiled and clicked off, and boiled again when she did not come, and the weir went on talking to itself outside the window, in the voice she had spent twenty years trying to forget she could hear.

***

Hal Dunmore came across in the ferry at six, as she had known he would. He was nearly eighty, and the ferry was older, and they both moved with the same slow deliberation, as if they had agreed long ago that the river was not to be hurried.

"You found the books, then," Hal said, from the landing stage.

"I found the books."

He nodded, and looked at the water, and then at her, with the particular gentleness of a man about to hand over something heavy.

"Nineteen seventy-nine," he said. "Read that one first."`,
    },
    {
      title: "Nineteen Seventy-Nine",
      body: `She did not read it first. She read it last, on the fourth night, after she had read everything else.

It was not that she was afraid of it. She told herself that. It was that the other books were easier, and more numerous, and there was a method to going through a life in order, January to December, year after year, the way you translate a long text one sentence at a time without looking ahead.

So she read 1973 and 1974 and 1975, and every year after, except one. She read the year of the great flood, when the water came up through the kitchen floor and her father noted it with the same square calm as a heron: <em>Level 3.81m. River in the house. Moved the books upstairs.</em> She read the year her mother came to the lock as a summer lodger and the entries began, very slowly, to include a second person: <em>M. swam at the pool. Too cold for it. She laughed at me for saying so.</em> She read the year of the wedding, which he recorded in a single line between a water level and a note about a kingfisher.

She read her own birth, copied onto the inside cover of 1980 as though he had wanted it kept somewhere safe: <em>14 June 1979. Level 1.22m. Warm, still. A daughter. Agnes. The river very quiet all day, as if listening.</em>

She had to put the book down for a while, after that.

She read the years of her childhood, which she remembered as long and green and faintly boring, and which appeared in the books as a catalogue of small astonishments. <em>A. found a freshwater mussel and would not let it go. A. asked why the river doesn't run out. I did not know what to tell her.</em> She read Kit's birth, and her mother's illness, which took up three years of entries and was never once named. She read the day her mother died, which was a single word in the space where the water level should have been: <em>Nothing.</em>

And she read the year she left, twenty-four and furious, with a rucksack and a place at the university in the city, and the train from Holbury that she had taken without saying goodbye because saying goodbye would have meant listening to him not ask her to stay.

<em>9 September. Level 1.30m. A. gone to the city. Did not see her off. She did not want me to. Heron on the far bank all morning, not fishing, just standing.</em>

That night she sat at the kitchen table with the cupboard door open and the weir loud in the darkness, and finally took down 1979.

***

It began like the others. Levels. Weather. Birds. A broken paddle on the upper gate. Then, in April, the entries changed.

<em>17 April. Level 1.55m, rising. Hal brought a bundle across from the far bank at dawn. Found in a basket under the alders. A girl, perhaps two weeks. No note. Nobody on the bank.</em>

<em>18 April. M. has not put her down all night. The police came from Holbury. We are to keep her while they make enquiries.</em>

<em>2 June. No one has come. No one will. M. says the river gave her to us. I say the river doesn't give, it only keeps, and lets go of things when it's ready. M. says that is the same thing. Perhaps it is.</em>

<em>14 June. We have decided her birthday is today. Agnes, after M.'s mother. The river very quiet all day, as if listening.</em>

Agnes read the last entry three times. Then she turned back to the book from 1980, to the inside cover that said <em>A daughter. Agnes,</em> and saw what she had not seen the first time: that it said nothing about being born. That the line had been copied out carefully, a year late, by a man who had wanted the story to be simple for anyone who came looking, and had not been able to make himself write a word that was untrue.

She sat in the kitchen until the sky went grey over the weir. Then she went down to the landing stage and rang the bell for the ferry, and waited for Hal to come across.`,
    },
    {
      title: "Level",
      body: `"He meant to tell you," Hal said. "Every year he meant to. Then you went to the city, and it seemed like the wrong thing to send after someone. Like throwing a rope at a person who's already swimming away."

They were sitting on the bench on the landing stage, with the ferry knocking gently against its fenders and the morning mist lifting off the water in long pale sheets. Hal had brought two mugs of tea across from his side, and they held them and did not drink them.

"Does Kit know?"

"Kit knows." Hal looked at his hands. "Your father told him when your mother was ill. He thought one of you should. Kit was angry for a while. Then he wasn't. I think he's been waiting for you to come back so he could stop carrying it."

Agnes thought about the phone calls. <em>Take as long as you like, it's not going anywhere.</em> About twenty years of Christmases she had spent in the city, telling herself the house was small and the river was cold and she had nothing to say to a man who wrote down the water level every day. About the heron on the far bank the morning she left, standing all morning, not fishing.

"Where was the basket?" she said.

Hal pointed with his mug. Across the water, where the bank was low and the alders leaned out over the current, their roots making a tangle of small dark rooms at the water's edge.

"Just there. I saw it from the ferry. I thought it was washing." He was quiet for a moment. "You didn't cry. Not once, all the way across. Just looked up at me as if you were trying to work out what I was."

"Translating," Agnes said, and to her own surprise, laughed, and then found that she was crying at last, on the landing stage, in the mist, with her tea going cold in her hands and an old man's arm around her shoulders, the river going by at its own pace in front of them, keeping everything, letting go of everything, the way it always had.

***

She did not go back to the city at the end of the week. She rang her editor and said there had been complications, which was true. She rang the house clearance people and cancelled. She rang Kit, who drove over from Holbury that evening with fish and chips and did not say anything clever, and they sat at the kitchen table with the books between them and talked until two in the morning about a man they had each known half of.

The next day she went down to the lock at seven o'clock, as he had every morning for fifty-one years. She looked at the gauge on the wall of the lock chamber, the old painted board with its numbers worn almost smooth by the water. Then she went back into the house and took a new exercise book from the packet of ten in the dresser drawer, and wrote on the cover, in capitals she found were very like his: OWLBOURNE. VOL. 52.

And underneath, on the first line:

<em>Level 1.38m. Clear. Heron on the far bank at seven, fishing this time. Stayed.</em>`,
    },
  ],
};
