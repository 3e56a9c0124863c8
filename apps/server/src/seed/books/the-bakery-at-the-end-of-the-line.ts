import type { DemoBookText } from "../types";

export const theBakeryAtTheEndOfTheLine: DemoBookText = {
  title: "The Bakery at the End of the Line",
  summary:
    "At the last stop of the number 9 tram, where the rails loop round a patch of grass and go back the way they came, there is a bakery that opens at four in the morning for nobody in particular. Anselm Oyelaran has run it for twenty-two years. This year the tramline is to be cut short, and the bakery, and the people who come to it, will have to decide what an ending is for.",
  teaser:
    "Everyone who gets off at the end of the line has somewhere they didn't mean to go. Most of them end up buying a loaf.",
  characters: [
    {
      name: "Anselm Oyelaran",
      description: "Baker, sixty-one, a philosopher of dough who has not taken a holiday since 2003.",
    },
    {
      name: "Flo Oyelaran",
      description: "His niece and reluctant apprentice, who wanted to be an architect and may still be one.",
    },
    {
      name: "Mrs. Kowalczyk",
      description: "Driver of the last tram of the night, who takes her break at the loop with a poppyseed roll.",
    },
    {
      name: "Mr. Pim",
      description: "A silent regular who buys one white roll every morning at 6.10 and has done for nine years.",
    },
  ],
  moods: ["warm", "gentle", "funny", "bittersweet"],
  chapters: [
    {
      title: "Four in the Morning",
      body: `The number 9 tram ends at Holloway Loop, which is not a place so much as a decision the tramline made a hundred years ago to stop going forward. The rails come up the long hill from the city, past the hospital and the garden centre and the last row of houses, and then they bend in a wide gentle circle around a patch of grass with a bench on it, and go back down again. There is a shelter, a lamp, a bin that is emptied on Tuesdays, and on the corner, with its lights on at four in the morning when there is nobody in the world to see them, the bakery.

It is called OYELARAN'S, in gold letters on green. Under that, in smaller letters that Anselm painted himself in 2002 and has regretted ever since, it says: <em>Bread For The Journey Back</em>.

"It's a metaphor," he told his niece Flo, on her first morning, when she asked.

"For what?"

"For bread," said Anselm, and handed her a bag of flour the size of a small child.

***

Flo had not meant to be a baker. Flo had meant to be an architect, and had got as far as the second year of the course before the money ran out and her mother said, in the voice that ended conversations, that Uncle Anselm needed help and Uncle Anselm had a spare room and Uncle Anselm had never once in his life asked anyone for anything, so she was going.

So she went. She took the number 9 to the end of the line with two suitcases and a roll of drawings, and got off at Holloway Loop at eleven at night in the rain, and the only light for a quarter of a mile was the bakery, and her uncle was standing in its doorway in an apron, as if he had been waiting there for twenty years for someone to arrive.

"You'll want to sleep," he said. "We start at three."

"Three?"

"Bread doesn't know what time it is," said Anselm. "That's the first thing. There are others. You'll learn them."

***

She learned them. She learned that the big mixer has to be started with a kick on the left side or it sulks. She learned that the sourdough starter is called Gregory and is older than she is and must be fed at the same time every day, like a pet, or a grudge. She learned that the first tram of the morning arrives at 5.52 and brings three nurses from the night shift at the hospital, who buy cinnamon buns and eat them on the bench in silence, with their eyes closed, like people praying. She learned that at 6.10 exactly, every morning, a small grey man in a small grey coat comes in and buys one white roll, and pays with the exact money, and says nothing at all, and leaves.

"Who is he?" she asked, on the third morning.

"Mr. Pim."

"What does he do?"

Anselm shaped a loaf with two quick turns of his big floury hands, tucked it into its basket like a child into bed, and considered the question.

"He buys a white roll," he said. "Every morning. For nine years."

"But why?"

"Ah," said Anselm, and smiled the slow smile she would come to know very well, the one that meant a question was better than any answer he could give it. "That's the interesting part."`,
    },
    {
      title: "The Last Tram",
      body: `The last tram of the night reaches Holloway Loop at 12.47, and it is driven, five nights a week, by Mrs. Kowalczyk.

She is a broad, upright woman of about seventy with a magnificent bun of iron-grey hair, and she has driven the number 9 for thirty-one years. At the loop she has an eleven-minute break before the tram goes back down the hill empty to the depot, and for twenty-two of those thirty-one years she has spent it at the bakery, sitting on the upturned flour crate by the back door with a poppyseed roll and a cup of tea, while Anselm starts the night's first dough.

They do not talk much. They have, Flo gathers, said most of what they have to say to each other a long time ago, and now they simply sit in the warm yellow light of the back door, in the smell of yeast, while the tram ticks and cools on the loop behind them.

"Have they told you?" said Mrs. Kowalczyk, on Flo's second Friday.

Anselm did not look up from the dough. "Told me what?"

"The line. They're cutting it back to the hospital. Next spring. The last mile's not worth the running costs, they say. Not enough passengers." She drank her tea. "They're taking up the rails at the loop."

Flo, who had been sweeping, stopped sweeping.

Anselm went on working the dough: push, fold, turn, push, fold, turn, as steady as a clock. After a while he said, "When?"

"April."

"Hm," said Anselm.

"That's all you've got to say? Hm?"

"It's a large hm," said Anselm, and Mrs. Kowalczyk laughed, a short bark that startled a fox out of the bins, and then, to Flo's astonishment, took out a handkerchief and blew her nose very hard and looked away at the tram.

***

Afterwards, when Mrs. Kowalczyk had gone and the red tail-light of the last tram had dwindled away down the hill, Flo stood in the doorway and looked at the loop. In the dark, under its single lamp, the circle of rails gleamed faintly around the patch of grass, like a ring on a table where a glass had stood.

"What happens to the bakery?" she said. "If there's no tram?"

Anselm was scraping down the bench. "People will still want bread."

"Who? Nobody lives up here. The nurses come on the tram. Mrs. Kowalczyk comes on the tram. Mr. Pim—" She stopped. "How does Mr. Pim get here?"

Her uncle paused, scraper in hand.

"Do you know," he said slowly, "I've never asked."

"Nine years, and you've never asked?"

"You don't ask a man his business when he's buying bread." Anselm put the scraper down. "But I'll tell you a thing I've noticed, because I'm a noticing sort of person, and so, I think, are you. He never comes on the first tram. He's never on the second. He comes up the hill on foot, every morning, at exactly the same time, from the direction of the city. In all weathers. Three miles, at least." He looked at her. "Three miles, for one white roll."

Flo looked out at the loop, the bench, the dark road going down the hill.

"That's mad," she said.

"Yes," said Anselm, pleased. "Isn't it?"`,
    },
    {
      title: "A Drawing of the Loop",
      body: `Flo began to draw the loop.

She had not drawn anything since she left the course. Her roll of drawings had stayed in its tube under the bed in the spare room, and she had not taken them out, because taking them out would mean looking at the plans for buildings she was never going to build. But in the dead hour after the morning rush, when the loaves were cooling and Anselm was asleep in his chair with a newspaper over his face, she took a pencil and the back of an order pad and went out to sit on the bench in the middle of the loop.

She drew the rails first, because they were easiest: the long curve, the way it pulled the eye round. Then the shelter, the lamp, the bin. Then the bakery, with its green front and its gold letters and its hopeful, slightly crooked sign. Then the people, because an empty drawing of a place is only a plan, and she found she did not want a plan. The three nurses on the bench with their eyes closed. Mrs. Kowalczyk on her flour crate. Her uncle in the doorway with his arms folded, watching the hill.

She drew Mr. Pim last. She had to do him from memory: the grey coat, the small hunched shoulders, the roll held in both hands like something that might escape.

"That's very good," said a voice behind her.

She jumped so hard the pencil went through the paper. It was Mr. Pim. He had come up the hill on foot, in the grey coat, and it was only half past nine, not ten past six, and he had never in nine years come at any other time. He was looking at her drawing with his head on one side.

"Sorry," Flo said. "I didn't mean to— I was just—"

"You've got the lamp wrong," said Mr. Pim. It was the first thing she had ever heard him say. His voice was thin and precise, like a ruler. "The original was gas. Eighteen ninety-eight. They converted it in nineteen sixty. But they kept the bracket. See? The little curl at the top." He pointed. "It's the only one of its kind left in the city. I've written to the council about it. Eleven times."

Flo stared at him.

"I used to be an engineer," said Mr. Pim. "Trams, mostly. I designed this loop. Well. Re-designed it. In nineteen seventy-four. The radius was wrong on the original and the cars kept coming off at the north end. I fixed it." He looked at the rails with enormous tenderness. "It's the best thing I ever made. Nobody knows that. Nobody ever knows who makes the things that work."

"Is that why you come up every morning?"

Mr. Pim was quiet for a while. The wind moved in the grass inside the loop.

"I come up to make sure it's still here," he said. "And to buy a roll. Your uncle makes a very good roll." He looked at her drawing again, and then at her. "They're taking it up in April, you know."

"I know."

"Hm," said Mr. Pim, exactly the way her uncle said it, and Flo understood, all at once, that the two old men had been having the same long silent conversation across the counter every morning for nine years, and that neither of them had ever needed to say a word of it aloud.

She looked down at the drawing on her knee. At the rails, the lamp, the people, the ring of light on the dark hill.

"Mr. Pim," she said. "How do you stop a council from doing something?"`,
    },
  ],
};
