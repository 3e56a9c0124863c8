import type { DemoBookText } from "../types";

export const theNinthKeyOfLarkspurLane: DemoBookText = {
  title: "The Ninth Key of Larkspur Lane",
  summary:
    "Edwin Pargeter spent forty years cutting keys and now spends his retirement cutting roses, badly. When a box of nine antique keys arrives at number 14 and only eight are inside, the whole of Larkspur Lane becomes a suspect, including the cat.",
  teaser:
    "Every lock on Larkspur Lane was fitted by Edwin Pargeter. So when one of them is opened by a key that should not exist, he takes it personally.",
  characters: [
    {
      name: "Edwin Pargeter",
      description: "Retired locksmith, precise, pedantic and privately delighted to have a mystery.",
    },
    {
      name: "Dolores Abernathy-Quist",
      description: "Neighbour at number 12, chair of every committee, owner of binoculars ‘for birds’.",
    },
    { name: "Kenji Foster", description: "The young postman who delivered the box and is now extremely sorry he did." },
    { name: "Marmalade", description: "A large ginger cat of no fixed address and considerable criminal ambition." },
  ],
  moods: ["cosy", "funny", "clever"],
  chapters: [
    {
      title: "A Box With Nine Holes",
      body: `The parcel arrived on a Thursday, which Edwin Pargeter considered the least trustworthy day of the week. It was small, heavy and wrapped in the kind of brown paper that had gone out of fashion when he was a boy, and it was addressed in violet ink to <em>The Locksmith, Larkspur Lane</em>.

"You're the locksmith," said Kenji the postman, holding it out. "Aren't you?"

"I was the locksmith," Edwin said. "I am now a man who grows roses. Badly."

"Everyone says you're the locksmith."

"Everyone on this street still calls the butcher's the new shop. It opened in nineteen seventy-one." But he took the parcel, because he was curious, and because Dolores Abernathy-Quist had already appeared at the window of number 12 with her binoculars, and he would rather open it than have her describe it to the entire parish by lunchtime.

Inside, nested in faded green velvet, was a walnut box with nine shallow holes cut into its lining, each the shape of a key. Eight of the holes held keys: long, old, beautifully made, their bows worked into little shapes. A wren. An acorn. A crescent moon. A hand holding a rose. Edwin lifted each one and felt the weight of it, the honest weight of brass cut by someone who had known what they were doing.

The ninth hole was empty.

"Oh," said Kenji, who had not left. "Is one missing? I didn't do it. I promise I didn't. I don't even know what any of those open."

"Neither do I," said Edwin slowly.

That was the interesting part. He had fitted every lock on Larkspur Lane, and most of the locks in the three streets around it, and he knew a key's family the way a gardener knows a rose's parentage. These keys had no family he recognised. Their wards were cut to a pattern he had never seen, a sort of spiral, like the inside of a shell.

He turned the box over. On its base, in the same violet ink, someone had written:

> One for every door on the lane. Mind the ninth.

***

By half past eleven Dolores Abernathy-Quist had come round "to borrow some sugar," which she had never in thirty years done, and was sitting at his kitchen table with her reading glasses on the end of her nose, examining the acorn key.

"There are nine houses on Larkspur Lane," she said.

"I am aware."

"One key for every door. So one of these fits my door."

"They can't. I fitted your door. It's a five-lever mortice. None of these would go near it."

Dolores gave him the look she usually reserved for the vicar's sermons. "Have you tried?"

He had not tried. He had been a locksmith for forty years, and he knew what would fit and what would not. But there was something in the spiral wards that bothered him, something like the feeling of a word on the tip of the tongue, and so at ten to twelve on a Thursday Edwin Pargeter found himself standing at the front door of number 12 with a brass key shaped like a wren, feeling ridiculous.

It slid in as if the lock had been waiting for it.

It turned with a soft, satisfied click.

Behind them, on the garden wall, a large ginger cat watched the whole thing with the unblinking attention of a professional.`,
    },
    {
      title: "Eight Doors",
      body: `By Saturday they had tried all eight keys, and all eight had opened a door on Larkspur Lane.

The wren opened number 12. The acorn opened the Hendersons' at number 3, to Mr. Henderson's enormous alarm, since he had been in the bath. The crescent moon opened the empty house at number 7, the hand holding a rose opened the vicarage, and so on down the lane until only one house was left without a key: number 14, Edwin's own.

"So the ninth key is yours," said Dolores, who had appointed herself his assistant on the grounds that she had been right about the wren. "And somebody has it."

"Nobody has it. It was never in the box."

"Then why is there a hole for it?"

Edwin did not have an answer to that, and he disliked not having answers. He sat at the kitchen table that evening with the walnut box in front of him and a pad of squared paper, and drew the spiral wards of each key as precisely as he could. He had done this in his apprenticeship: drawn the wards of a key until he could feel them with his eyes shut. It calmed him.

It also showed him something.

The spirals were not the same. Each one turned a little further than the last, like the hand of a clock. The wren turned a quarter. The acorn turned a little more. By the eighth key, the rose in the hand, the spiral had almost closed. The ninth, if it existed, would close the circle completely.

He sat back. A key that closed the circle would not be a key to one door. It would be a master. It would open all of them.

"Oh dear," said Edwin aloud, to nobody.

***

On Sunday morning three things happened.

First, Mr. Henderson reported that his front door, which he had locked with great care the night before, was standing open, and that his prize marrow was missing from the porch.

Second, the vicar reported that the vestry had been entered and the tin of biscuits kept for the flower ladies had been removed, along with, for reasons nobody could explain, one woollen glove.

Third, Kenji the postman knocked on Edwin's door, pale and sweating, and said, "I think I know where the ninth key went. I think I know, and I think you're going to laugh, and I'm really very sorry."

Edwin did not laugh. He had not laughed in a meaningful way since about nineteen ninety-four. But he did put the kettle on, because the boy looked as though he needed it, and he said, "Start at the beginning, and leave nothing out."

"I saw the cat," Kenji said. "This morning, on my round. Coming out of the Hendersons' front garden at six o'clock with something in his mouth. Something shiny. I thought it was a sardine tin." He swallowed. "I don't think it was a sardine tin."

They both turned, slowly, to the kitchen window. On the garden wall, in the thin Sunday sunshine, a large ginger cat was washing one enormous paw with great thoroughness. Beside him on the bricks, catching the light, lay a small brass key shaped like a sleeping cat.`,
    },
    {
      title: "The Ninth Door",
      body: `Catching Marmalade took the combined efforts of Edwin, Kenji, Dolores, both Henderson children, the vicar and a tin of sardines, and at the end of it they still did not have the cat. They had the key, which Marmalade abandoned on the vicarage lawn with the contempt of a burglar who has been offered a better job.

Edwin held it in his palm. The brass was warm. The spiral wards closed in a perfect circle.

"Well," said Dolores. "Mystery solved. The cat did it."

"The cat," said Edwin, "cannot turn a key."

That stopped everyone. The vicar, who had sardine oil on his cassock, looked thoughtful. Kenji looked relieved and then, as the implications arrived, worried again. Dolores took off her glasses and polished them, which was what she did when she was about to be clever.

"Somebody used it," she said, "and then dropped it, and the cat picked it up because it's shiny. Which means somebody on this lane went round opening doors in the night and stealing a marrow, a tin of biscuits and one glove."

"Two gloves," said the vicar. "I've just checked. The other one's gone too."

Edwin thought about the spiral. About the violet ink. About a box sent to <em>The Locksmith</em>, not to him by name, as though the sender had known the lane only by its trades. About number 7, the empty house, which had been empty for eleven years, ever since old Miss Fairlie went into the home on the hill.

"Dolores," he said. "Who used to live at number 14? Before me?"

She did not even need to think. "The Fairlies. Miss Fairlie's father built half this lane. He was a locksmith too, back when—" She stopped. Her mouth made a small round shape. "Oh, Edwin."

***

They found her at four o'clock, in the garden of number 7, sitting on a kitchen chair she had carried out of the empty house, wearing the vicar's gloves and eating his biscuits with great contentment. The prize marrow sat beside her like a loyal dog. She was ninety-three years old, and she had walked down from the home on the hill, and she had a violet pen in her cardigan pocket.

"My father made those keys," Miss Fairlie said, when Edwin sat down on the grass beside her. "One for every house he built, so the neighbours could always let each other in. A street should be able to let itself in, he said. I found them when they cleared my room. I thought the locksmith should have them. I thought you'd know what to do."

"And the ninth?"

"Oh, I never put that one in the box. I kept it back for a night or two." She smiled. "I wanted to go home. Just for a while. I'm afraid I borrowed a few things. The marrow was very big and I've always wanted one. I put the key down on that nice man's path to carry it, and when I looked again a cat had it."

Edwin looked at the walnut box, at the nine keys in their velvet beds, at the old woman who had walked a mile and a half in the dark to open the door of the house where she was born.

"Miss Fairlie," he said, "do you like roses? I grow them. Badly. I could use some advice."

On the wall, Marmalade yawned, having solved the case days ago and found everybody else very slow.`,
    },
  ],
};
