import type { DemoBookText } from "../types";

export const fieldNotesForASmallPlanet: DemoBookText = {
  title: "Field Notes for a Small Planet",
  summary:
    "A collection of prose poems written in the margins of ordinary days: a bus stop at dawn, a kitchen tap, a grandmother's hands, the moon seen through a launderette window. Arranged in three seasons of attention, they ask what it means to notice the world carefully while it is still here to be noticed.",
  teaser: "Notes from a small planet, taken by someone who keeps forgetting to look up, and then does.",
  characters: [
    { name: "The Observer", description: "The voice of the poems: a walker, a noticer, a keeper of lists." },
    { name: "Avó", description: "A grandmother who shells beans and knows the names of winds." },
    {
      name: "The Moon",
      description: "Seen from launderettes, car parks and kitchen windows; never quite where expected.",
    },
  ],
  moods: ["contemplative", "lyrical", "gentle"],
  chapters: [
    {
      title: "Spring: Instructions for Waking",
      body: `<strong>Bus Stop, 6:14</strong>

The shelter smells of rain and someone's orange. Four of us wait in a row like notes on a stave that hasn't decided on its tune. The woman in the green coat is reading a paperback with the cover folded back so nobody can judge her. The boy with the skateboard is asleep standing up. The old man is watching a blackbird on the bin lid, and the blackbird is watching him, and I am watching both of them, and somewhere, I like to think, something is watching me with the same mild interest. The bus is late. Nobody minds yet. The sky is the colour of the inside of a mussel shell. This is the only time of day when strangers are allowed to be this quiet together, and we are taking full advantage.

***

<strong>Inventory of a Windowsill</strong>

One basil plant, leaning. One pebble from a beach I can no longer name. A postcard of a lighthouse, sun-bleached to the colour of weak tea. Three dead flies, which I keep meaning to deal with, and which have become, by now, a kind of permanent exhibition. A ring of dried water where a glass stood for a week in February. A key that opens nothing I own. Sunlight, most mornings, from about twenty past seven, arriving like a cat who expects to be let in and is never disappointed. If you want to know someone, do not read their letters. Read their windowsill. It is the part of the house that has given up pretending.

***

<strong>Avó Shells Beans</strong>

Her thumb goes down the seam of the pod like a zip. The beans fall into the bowl with a sound like a small rain on a tin roof. She does not look at her hands. She looks out of the window at the washing, and tells me the names of the winds: the one that comes from the sea and smells of iron, the one from the hills that dries the sheets in an hour, the one that comes only in August and makes the dogs sad. I write them down. She laughs at me for writing them down. <em>You think if it is on paper it cannot go away,</em> she says. I say yes, that is exactly what I think. She puts a bean in my palm, still cool from the pod, smooth as a thought. <em>This,</em> she says, <em>is how you keep a thing.</em> And eats it.

***

<strong>Instructions for Waking</strong>

Do not reach for the phone. Not yet. First, the ceiling, with its small crack shaped like the coast of somewhere you have not been. Then the sound of the street: a van reversing, a radio through a wall, a child explaining something urgently to an adult who is not listening. Then your own breath, which has been going on all night without you and deserves at least a nod. Then your feet, which are about to carry you all day and have not complained once. Then the window. Then the weather. Then, if you must, the world. But let it wait a minute. It has waited all night. It can wait while you remember you are here.`,
    },
    {
      title: "Summer: A Field Guide to Small Things",
      body: `<strong>Ants on the Step</strong>

They have found the place where I dropped a corner of toast, and they are taking it home one crumb at a time, an expedition of enormous seriousness across a continent of warm stone. Each one carries something larger than its own head. None of them has been told what the toast is for. None of them asks. I sit with my coffee and watch the long thin line of them go under the door of the shed, where presumably a great feast is being prepared, or a cathedral of crumbs, or simply a store against winter, which for an ant is always coming. I think about all the things I have carried without asking why. I think I have been, on the whole, less cheerful about it.

***

<strong>The Public Swimming Baths, August</strong>

Chlorine and shrieking. The light comes through the high windows in long slanted bars, and the water breaks it into a thousand pieces that wobble on the ceiling like something trying to remember its shape. A girl of about seven stands at the edge of the deep end with her toes curled over the tiles, and her father treads water below her with his arms out, and she is not going to jump, and she is not going to jump, and she is not going to jump, and then she does, and the whole building seems to hold its breath, and she comes up spluttering and furious and triumphant, and for a second every swimmer in the pool is on her side.

***

<strong>Thunder, Far Off</strong>

A sound like furniture being moved in a house three streets away. The light goes yellow. The swifts, who have been screaming over the rooftops all afternoon, vanish all at once as if someone called them in for tea. The air thickens until you could spread it. Somewhere a window slams. Somewhere a woman runs out into her garden to take in the washing, and I know without seeing her exactly how she moves: quick, cross, delighted. Because there is nothing better, in a long hot summer, than the moment just before the rain, when the whole street stops what it is doing and looks up, together, at the same sky.

***

<strong>Field Guide</strong>

Here is how to identify a good day. It will not announce itself. It will look, at first, like any other. There will be bills, and a queue at the post office, and a headache at about three. But somewhere in it there will be a small thing that catches: the smell of cut grass through a bus window, a stranger's dog choosing you, a song you forgot you loved coming out of a shop. Note the time. Note the weather. Write it down, if you are that kind of person. You will not be able to explain later why it mattered. That is one of the main features of the species.`,
    },
    {
      title: "Winter: The Moon at the Launderette",
      body: `<strong>Launderette, 10pm</strong>

The machines go round like a row of small planets, each with its own weather: a storm of white shirts, a slow tide of towels, one machine with a single red sock turning and turning in a sea of grey like a dropped thought. The strip light buzzes. The man who runs the place is asleep in his chair behind the counter with a newspaper over his face. Outside, through the big steamed window, the moon has come up over the car park, full and a little lopsided, and it hangs in the glass among the reflections of the dryers, so that it looks for a moment like one of them, a great pale drum of light, tumbling something clean.

***

<strong>Frost</strong>

Overnight every surface has grown fur. The car roofs, the railings, the abandoned bicycle chained to the lamp-post since October: all of them soft and white and bristling, as though the cold had come in the dark and patiently stroked them all the wrong way. On the pavement, each leaf is outlined in silver, every vein, every small tear, as if someone wanted a record of exactly how it was when it fell. My breath goes ahead of me like a small ghost showing the way. By ten it will all be gone. That is the point of frost. It is a drawing the world makes of itself, and then politely rubs out.

***

<strong>Avó, Later</strong>

There is a bowl on my shelf that she shelled beans into for forty years. It has a chip on the rim the shape of a bird. I do not use it. I keep it where the morning light falls, on the windowsill, beside the basil and the pebble and the key that opens nothing. Some days I put my thumb on the chip, where hers must have gone ten thousand times. I still have the list of the winds. I was right: on paper, they did not go away. But she was right too. What I remember best is not the names. It is the bean in my palm, cool and smooth, and her laughing, and the taste.

***

<strong>Last Note</strong>

The planet is small. I have been told this by scientists and poets and once, memorably, by a man at a bus stop in the rain. It is small and it is turning and it is carrying us all, without asking, through a dark that goes on further than anyone can say. So I take notes. The blackbird, the beans, the swifts, the sock in the launderette. Not because they will save anything. Because somebody should write down that it was here, and that it was, on the whole, on most mornings, from about twenty past seven, beautiful.`,
    },
  ],
};
