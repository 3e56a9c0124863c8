import type { DemoBookText } from "../types";

export const aSeasonOfBorrowedUmbrellas: DemoBookText = {
  title: "A Season of Borrowed Umbrellas",
  summary:
    "June Halloran mends umbrellas in the rainiest city in the country, and she has a strict policy: never lend one out. Then a soaked cartographer arrives with a broken umbrella, a map of every puddle in town and no intention of leaving before the rain stops, which, this autumn, it refuses to do.",
  teaser: "He came in for a new spoke. He kept coming back for the forecast.",
  characters: [
    {
      name: "June Halloran",
      description: "Umbrella mender, third generation, allergic to sentiment and fond of rules.",
    },
    {
      name: "Tomasz Brek",
      description: "A drainage cartographer who maps where the rain goes and never carries his own umbrella.",
    },
    {
      name: "Auntie Bea",
      description: "June's aunt and co-owner, who has been waiting years for someone to break June's rules.",
    },
    {
      name: "Mr. Oduya",
      description: "The shop's oldest customer, who has brought the same black umbrella in every October since 1987.",
    },
  ],
  moods: ["romantic", "witty", "cosy", "rainy-day"],
  chapters: [
    {
      title: "Rule Number One",
      body: `The bell over the shop door has a particular note for people who are about to be trouble, and at ten past four on the first Monday in October, it plays it.

I look up from the canopy I'm restitching. There is a man in the doorway, dripping onto the mat in a way that suggests he has been rained on, thoroughly and personally, for some time. He has a long coat, a roll of paper under one arm in a plastic sleeve, and in his other hand what used to be an umbrella. Now it looks like a bat that lost a fight with a lorry.

"Hello," he says. "I think this is beyond help. But the sign says Halloran and Daughter, Umbrellas Mended, and I wondered how literally you meant it."

"Very literally," I say. "Give it here."

He hands it over. Six of the eight ribs are bent, the runner is jammed, and the canopy has a tear in it you could post a cat through. It is, I notice, a very good umbrella. Or it was. Hand-turned handle, ash, with a little brass collar. Someone gave this to him, or he saved for it.

"I can fix it," I say. "Thursday."

"Thursday." He looks at the window, where the rain is coming down in the steady, conversational way it has in this city, as though it has a great deal to say and all autumn to say it. "I don't suppose you lend umbrellas in the meantime?"

Behind me, in the workroom, I hear Auntie Bea stop sewing.

"No," I say. "Rule number one. We mend umbrellas. We don't lend them."

"Ah," he says. "What's rule number two?"

"There isn't a rule number two. Rule number one is very comprehensive."

He smiles. It is an annoying smile. It is the smile of someone who has decided that something is funny and is going to keep finding it funny whatever you do about it. "Tomasz," he says. "Brek. I map drains."

"You what?"

"For the council. Where the water goes when it rains. Which streets flood, which gutters block, which puddles are permanent features of the landscape." He taps the roll of paper under his arm. "There is a puddle on Cannery Street that has been there since 1952. It's on three maps. It is older than my father."

"And you do this without an umbrella."

"I had an umbrella," he says, and nods at the bat in my hands. "Until it met the wind on Harbour Bridge."

***

He leaves at twenty past four, turning his collar up, and walks straight into the rain without hurrying, like a man who has made his peace with it.

Auntie Bea comes out of the workroom wiping her hands. She is seventy-one and has the face of a saint and the instincts of a shark.

"Nice young man," she says.

"He's a customer."

"Nice customer." She looks at the door, still trembling slightly on its hinge. "Shame about rule number one."

"Rule number one is there for a reason."

"Oh, I know," says Auntie Bea. "I was there when you made it." And she goes back into the workroom before I can throw a spoke at her.`,
    },
    {
      title: "The Puddle on Cannery Street",
      body: `He comes back on Thursday, as promised, and I give him his umbrella with six new ribs, a freed runner and a patch on the canopy so neat you'd need a magnifying glass to find it. I am proud of it. I do not say so.

He opens it in the middle of the shop, which is bad luck, and which I tell him is bad luck, and he says, "I'm a cartographer. We make our own luck. We just draw it in." Then he looks up at the canopy for a long moment as though it were a sky.

"It's better than it was," he says.

"It's exactly as good as it was. That's the point of mending."

"No," he says. "It's better. Now it's got a story."

He pays. He leaves. It is raining. It is always raining. I go back to the canopy I've been restitching, and I do not look at the door, and at twenty-five to five it plays its trouble note again.

"I forgot to ask," Tomasz says, dripping. "Would you like to see the puddle?"

***

It turns out that the puddle on Cannery Street is extraordinary.

It sits in a hollow where four old cobbled lanes meet, under a streetlamp that has been converted from gas but still looks like it would prefer not to have been. It is nearly three metres across and perfectly still, even in the rain, because the drops that fall into it are swallowed so quietly. In the orange lamplight it holds the whole street upside down: the crooked chimneys, the washing lines, the sign for the bakery that closed before I was born.

"Every map since 1952," Tomasz says. "The council has tried to drain it six times. There's a spring under it, we think. Or an old culvert nobody's found. Every time they fill it, it comes back."

"Why are you showing me this?"

He considers the question seriously, which I am learning he does with all questions. "Because you fix things," he says. "And I thought you'd like to see something that fixes itself."

We stand there for a while. The rain comes down. He has his mended umbrella, and I have my own, the old green one with the bamboo handle that was my grandmother's, and we hold them a careful distance apart, and the puddle shows us both upside down, two small figures under two small roofs, with the whole wet city going on around us.

"I've got a rule too," he says eventually. "About maps."

"Go on."

"You only map what you've walked. No guessing from a distance. No drawing in what you think is there." He looks at me sideways. "It takes a long time. But it means the map is true."

I think about rule number one. About why I made it, the year my mother left and took the good umbrella and didn't bring it back, and I stood in this same rain at eleven years old deciding that things you lend out do not come home.

"That's a stupid rule," I say. "It must take you years."

"It does," says Tomasz. "I'm in no hurry."`,
    },
    {
      title: "Mr. Oduya's Umbrella",
      body: `Mr. Oduya comes in on the third Tuesday of October, as he has every year since 1987, with the black umbrella he bought on the day his daughter was born. He is eighty-four now, and walks with a stick, and puts the umbrella on the counter with the care of a man handing over something alive.

"The catch," he says. "Always the catch."

"Always the catch," I agree. My grandmother mended it first. Then my mother. Now me. Every year the little spring in the catch wears out, and every year I replace it, and every year he watches me do it with his hands folded on his stick, the way people watch a surgeon.

"You look different," he says, while I work.

"I've cut my hair."

"You have not cut your hair. You look like someone who has been standing in the rain on purpose." He smiles. "My wife used to look like that. The year I met her. We stood in the rain outside the Palace Cinema for two hours because neither of us wanted to be the one who said goodnight."

I nearly drop the spring. "I have not been standing in the rain on purpose."

"Of course not," says Mr. Oduya, and waits.

The truth is that for three weeks I have been walking Tomasz's routes with him in the evenings, after the shop closes, while he maps the city's drains. We have walked the long gutter on Mill Row that floods every November. We have stood at the outfall under Harbour Bridge and watched half the city's rain go roaring out to sea. He has shown me a storm drain with a fern growing out of it, a cellar that has been a pond since the war, a street where the rainwater runs uphill for eleven metres because of a quirk in the cobbles that nobody has ever explained. He writes everything down in a notebook with a waterproof cover and draws it later on the big sheets of paper that live in the plastic sleeve under his arm.

I have not told Auntie Bea. Auntie Bea knows anyway. Auntie Bea has started leaving the shop lights on after closing, "to make it look lived in."

"He walks everywhere," I tell Mr. Oduya, apropos of nothing. "He says you can't map what you haven't walked."

"Very sensible."

"It means he's going to be here for years. The council contract is seven years. Seven years of walking around in the rain, mapping puddles."

"Hm," says Mr. Oduya, and watches me fit the new spring into the catch, and test it, once, twice, three times, the way my grandmother taught me. Click. Click. Click.

"There," I say. "Good for another year."

He takes the umbrella back and holds it for a moment, and then he does something he has never done in thirty-seven years of Octobers. He holds it out to me.

"Lend this to someone," he says. "It's been mended so many times it's more yours than mine. I'd like it to go for a walk."

"We don't lend umbrellas."

"I know," says Mr. Oduya gently. "I've heard. It's a good rule, June. But rules are only umbrellas. They're for keeping the weather off, not for keeping everything out."`,
    },
    {
      title: "Rule Number Two",
      body: `On the last night of October the rain is so heavy the council closes Harbour Bridge.

Tomasz is supposed to be mapping the outfall. He texts me at half past eight: <em>Water's over the top of the flood gauge. Going to measure it. This is the best night of my career.</em> And then, a minute later: <em>My umbrella has gone over the rail into the estuary. It was a good umbrella. It had a story.</em>

I am in the shop, alone. Auntie Bea has gone home early, saying she has a headache, in the voice of someone who has never had a headache in her life. On the counter, where Mr. Oduya left it, is a black umbrella with a catch that has been mended thirty-seven times.

I look at it for a long time.

Then I pick it up, and my grandmother's green one, and I put on my coat, and I turn the sign on the door to CLOSED, and I go out into the worst rain this city has seen in a decade.

***

He is exactly where I thought he'd be: halfway down the steps to the outfall, holding a measuring staff against the flood gauge, soaked to the bone and laughing. The water below him is the colour of strong tea and going out to sea like a train. The noise is enormous.

"June!" he shouts. "Look at it! Look at the volume!"

"You're an idiot," I shout back. "You'll drown. You'll drown and you'll be a footnote on your own map."

"I'd be the best footnote!"

I go down the steps. It is a terrible idea. I hold out Mr. Oduya's umbrella.

He looks at it. He looks at me. The rain runs off his nose and his chin and his eyelashes, which are, I notice under the bridge lights, ridiculously long.

"I thought," he says, very carefully, "you didn't lend umbrellas."

"I've made a new rule."

"What's rule number two?"

I open the black umbrella over his head. It goes up with a sound like a held breath let out, the catch clicking home, the canopy spreading dark and whole against the orange sky.

"Rule number two," I say, "is that some things you lend, you don't need back. Because the person comes with them."

He doesn't say anything for a moment. The river roars. The rain comes down on both our umbrellas, the black and the green, and this time we do not hold them a careful distance apart. The rims touch. Then they overlap. Then, somewhere in the confusion of two people and two canopies and a great deal of weather, one of the umbrellas gets forgotten entirely and we stand under the other, very close, very wet, while the city's rain pours past us on its way out to sea.

"I'm going to have to map this," Tomasz says eventually, into my hair.

"Map what?"

"Where we are. Exactly here. With a little mark." He pulls back just far enough to look at me. "I've walked it now. It counts."

Seven years, I think. Seven years of walking in the rain. It seems, all at once, like not nearly long enough.`,
    },
  ],
};
