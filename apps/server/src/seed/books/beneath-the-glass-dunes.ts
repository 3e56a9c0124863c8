import type { DemoBookText } from "../types";

export const beneathTheGlassDunes: DemoBookText = {
  title: "Beneath the Glass Dunes",
  summary:
    "Three hundred years after the sunfall turned the southern desert to glass, Halima Otto guides sand-skimmers across the Mirror for anyone who can pay. Her newest passenger is a nervous apprentice engineer with a stolen map to something buried under the dunes, and a salvage captain who will do anything to reach it first. A serial in progress: new chapters as they are written.",
  teaser: "The Mirror shows you the sky by day and yourself by night. What it shows you if you dig is another matter.",
  characters: [
    { name: "Halima Otto", description: "Skimmer guide, scarred, unsentimental, the best navigator on the Mirror." },
    {
      name: "Ossian Pike",
      description: "An apprentice engineer from the coast cities who has never seen a horizon without a wall on it.",
    },
    {
      name: "Captain Rue Varro",
      description: "Salvager, charming, ruthless, and owner of the fastest skimmer in the south.",
    },
    { name: "Tek", description: "Halima's ancient skimmer, held together by wire, prayer and spite." },
  ],
  moods: ["adventurous", "fast-paced", "atmospheric"],
  chapters: [
    {
      title: "The Mirror",
      body: `The Mirror began where the scrubland ended, all at once, like a sheet of water somebody had frozen in the act of spilling.

Ossian Pike stood at the edge of it with his pack on his back and his mouth open. In every direction, to the end of the world, lay glass. Not flat: it rose and fell in long slow dunes, hundreds of feet high, their crests sharp as knife edges, their hollows filled with blue shadow. The sun hit the nearest slope and came back at him so hard he had to turn away with his eyes streaming.

"Goggles," said Halima Otto, without looking round. "Unless you want to be blind by noon."

He fumbled them on. The world went dim and green and bearable. Through the lenses he could see that the glass was not clear but clouded, milky, veined with faint colours like the inside of a shell, and that deep within it, here and there, dark shapes hung suspended: a tree, a wall, something that might once have been a cart.

"Those are—"

"Things the sunfall caught," Halima said. "Don't stare. It gets into you."

She was already walking toward the skimmer, a long, low, rust-coloured craft that sat on the edge of the glass like a beetle on a windowpane. It had a single mast with a stiff triangular sail, two broad runners polished to mirrors themselves, and a battered cabin at the back stitched together from at least four older vessels. Painted on the bow, in letters that had faded to the colour of old blood, was a single word: TEK.

"Is it safe?" Ossian asked.

"No," said Halima. "Get in."

***

They skimmed south all afternoon. Ossian had never moved so fast in his life: the runners sang on the glass, a high thin note that got into his teeth, and the wind filled the sail and the dunes rushed up and fell away beneath them like waves. Halima steered with one hand on the tiller and her eyes half-closed, reading the slopes by some sense he could not name, swinging Tek round the shoulders of the great dunes and down into the blue hollows and up again, never once slowing.

At sunset she stopped in a hollow between two ridges and dropped the sail. The silence was enormous.

"Now," she said. "Show me the map."

He had been dreading this. He took it out of the oilskin inside his shirt and unfolded it on the cabin roof. It was old, drawn on thin hide, and it showed the Mirror not as glass but as land: rivers, roads, the outlines of a city. Across the city, in faded red ink, someone had drawn a circle and written a word in the old script that Ossian had spent four years at the academy learning to read.

"Undercroft," he said. "It means the place beneath. The archive of the old engineers. Everything they knew before the sunfall. Every machine. Every formula. It was sealed when the sky caught fire, and it's still down there. Under the glass."

Halima looked at the map for a long time. Then she looked at him, and for the first time since they had met, something in her face changed.

"Where did you get this?"

"I stole it," Ossian said. "From the master of my guild. He was going to sell it to the salvagers."

Halima was quiet. Then she turned and looked north, the way they had come, where the last light was fading off the dune crests. Far off, very small, a single bright point had appeared on the glass, moving fast.

"Then you're too late," she said. "He already has."`,
    },
    {
      title: "Varro",
      body: `Captain Rue Varro's skimmer was called the <em>Lark</em>, and it was everything Tek was not: long, sleek, white-sailed, its hull lacquered the colour of honey, its twin runners tipped with blue steel. It came down into the hollow at dawn with the sun behind it and stopped twenty yards away in a spray of glittering dust, and a tall woman in a long pale coat stepped down from the cabin and raised one hand in greeting.

"Halima Otto," she called. "As I live and breathe. I thought you'd retired."

"I thought you'd died," Halima called back. "I was looking forward to it."

Varro laughed. She had a good laugh, warm and easy, the kind of laugh that made people want to give her things. Ossian had heard about her even in the coast cities: the salvager who had pulled a whole library out of the glass at Kell, who had found the engine hall under the Twin Dunes, who was said to have a map of every buried city on the Mirror tattooed on her back.

"You have something of mine," Varro said pleasantly. "Or rather, your young friend does. His guildmaster and I had an understanding."

"He's my passenger," said Halima. "And the Mirror doesn't care about understandings."

"Everyone cares about understandings eventually." Varro walked a few steps closer, her boots crunching. Behind her, on the <em>Lark</em>, three figures in dust-masks had appeared along the rail, and Ossian saw the sun glint on something long and metal in their hands. "Here's mine. The boy gives me the map. I give him a ride back to the coast and a sum of money that will make his guildmaster weep. You get to go home. Nobody has a difficult morning."

Ossian's hand had gone to the oilskin inside his shirt. Halima did not look at him.

"Here's mine," she said. "You've got a faster skimmer. But I know the Mirror and you don't. You'll never find the Undercroft without the map, and you'll never read the map without him. So you need us both, and I don't need you at all."

"Halima—"

"And," said Halima, "you're parked on a soft spot."

Varro's smile faltered. She looked down.

Under her boots, under the <em>Lark</em>'s lovely blue-tipped runners, the milky glass had begun, very faintly, to craze. A web of fine white lines was spreading outward from the skimmer's weight like frost across a window.

"There are pockets," Halima said conversationally, "where the glass cooled over air. Thin as eggshell. You learn to see them. Or you don't." She was already moving, quick and sure, toward Tek's tiller. "Ossian. Sail."

He hauled on the line. The stiff triangle of canvas rose and snapped full. Behind them Varro was shouting, running for her cabin, and the crew on the rail were scrambling, and the crazing beneath the <em>Lark</em> gave a long low groan like ice on a lake in spring.

Tek's runners caught. The glass sang. They shot out of the hollow and up the face of the southern dune so fast that Ossian was thrown against the cabin wall, and when he looked back from the crest, the <em>Lark</em> was sitting in a shallow crater of broken glass, tilted, stuck fast, with Varro standing on her roof and staring after them.

She did not look angry. That was the worst of it. She raised one hand again, slowly, the way she had raised it in greeting.

"She'll be out by noon," Halima said. "We've bought half a day. Make it count."`,
    },
    {
      title: "The Drowned Road",
      body: `By the third day Ossian had learned to read the glass a little. He could see the soft spots now, the faint bluish bloom where the surface was thin, and the dark veins that meant old riverbeds far below, and the long straight lines, ruler-straight across whole valleys of dunes, that Halima called the drowned roads.

"Old highways," she said. "Before the sunfall. Stone under the glass, so it's solid. Safest way to cross. Also the way everyone expects you to cross."

"Including Varro."

"Especially Varro."

So they did not use the roads. They went the hard way, over the high dunes where the wind had scoured the glass into ridges like the backs of great fish, and down into hollows so deep that the noon sky was a strip of white far above, and the walls around them were blue and green and cold as river water. At night they slept in the cabin with the runners chained and the sail furled, and the Mirror under the stars turned from glass into something else: a black, perfect surface in which every star was doubled, so that Tek seemed to hang in the middle of the sky with nothing above and nothing below.

"It shows you yourself, at night," Halima said, on the second night, when she caught Ossian staring down past the runners. "That's the old saying. By day it shows you the sky. By night it shows you yourself."

"What does it show you?"

She was quiet for so long he thought she would not answer. Then she said: "My brother. He was a guide too. Better than me. He went down a soft spot looking for the Undercroft eleven years ago, with a map a lot like yours." She turned away. "Go to sleep."

***

On the fourth morning the map and the land agreed.

Ossian had been checking it every hour, matching the old rivers to the dark veins in the glass, and now, as Tek came over a ridge into a wide shallow basin, he saw the shape of it laid out below them exactly as the red ink said. A bend of river, deep under the glass. The ghost of a city wall. And at the centre, where the red circle was, a single shape standing up through the surface of the Mirror: a dome, black and smooth, its top just breaking the glass like a swimmer's head.

"That's it," he whispered. "That's the Undercroft."

Halima brought Tek down into the basin slowly, reading every yard, and stopped fifty feet from the dome. Up close it was enormous, the visible part alone as tall as a house, and perfectly black, and perfectly unmarked by the sunfall that had melted everything around it.

There was a door in it. A round door, at the level of the glass, standing open.

And in front of the door, neatly laid on the surface of the Mirror, as if for someone who was expected, lay a guide's goggles, old-fashioned, with brass rims and a cracked left lens.

Halima made a sound Ossian had never heard a person make. She was off the skimmer before he could stop her, running across the glass, and she dropped to her knees in front of the goggles and picked them up with shaking hands.

"These are his," she said. "Ossian. These are my brother's."

From inside the dome, from somewhere deep in the black, a light came on.`,
    },
  ],
};
