import type { DemoBookText } from "../types";

export const theUnderstudy: DemoBookText = {
  title: "The Understudy",
  summary:
    "For two years Daisy Lowell has learned every line, every step and every sigh of the great Vivienne Strand, and never once been allowed on stage. Then, on the night of the hundredth performance, Vivienne walks out of her dressing room and does not come back, and Daisy is told to put on the dress. The audience loves her. The police would like a word.",
  teaser:
    "I knew every one of her lines. That was the problem. I knew them all, including the ones she never said on stage.",
  characters: [
    { name: "Daisy Lowell", description: "The understudy, narrator, very good at being someone else." },
    { name: "Vivienne Strand", description: "The star, magnetic, cruel when bored, and missing." },
    {
      name: "Felix Arden",
      description: "The director, who believes the show must go on and has never asked at what cost.",
    },
    { name: "Osgood", description: "The stage doorkeeper, who sees everyone come in and claims to see nobody go out." },
  ],
  moods: ["mysterious", "dark", "tense"],
  chapters: [
    {
      title: "Beginners, Please",
      body: `I should tell you at the start that I am a very good liar. It is, in a sense, my profession. For two years at the Alder Theatre I was paid to be ready, at a moment's notice, to become somebody else: to walk as she walked, speak as she spoke, cry where she cried, and never, under any circumstances, to be myself on a stage where people had paid to see her.

So when I tell you what happened on the night of the hundredth performance of <em>The Glass Orchard</em>, you will have to decide for yourself how far to believe me. I would, in your place, be careful.

***

The understudy's dressing room at the Alder is in the basement, next to the boiler, and it smells of hot dust and other people's cigarettes. I had it to myself. Every night at the half-hour call I sat in it in my dressing gown with my face done and my hair pinned, exactly like hers, and listened to the show through the tannoy speaker on the wall, and said every one of her lines along with her, under my breath, a quarter-second behind.

I was very good at it. I could do her little catch of breath before the second-act speech. I could do the way she touched her throat on the word <em>orchard</em>, as if it hurt her to say it. Felix, the director, said once, in front of the whole company, that I was the best understudy he had ever worked with, because watching me was like watching Vivienne in a mirror, and Vivienne had turned and looked at me with her lovely grey eyes and said, "Yes. Mirrors are very useful. For a while." And everyone had laughed.

She was not a kind woman. I want to be fair to her, because she cannot be fair to herself now. She was brilliant, and generous on stage, and in the wings she was bored, and when she was bored she was cruel, and for two years I had been the thing nearest to hand.

***

On the night of the hundredth performance, at the quarter-hour call, there was a knock on my door. It was Osgood, the stage doorkeeper, in his brown coat, looking grey.

"Miss Lowell," he said. "Mr. Arden wants you. Upstairs. Now."

I remember that I did not ask why. I remember that I stood up very calmly and took off my dressing gown, and that underneath I was already wearing the first-act dress, her dress, which I had no business wearing, and which I put on every night at the half and took off every night at the curtain without anybody knowing.

I remember Osgood looking at the dress, and then at me, and saying nothing at all.

Upstairs, in the corridor outside the star dressing room, Felix was standing with his hands in his hair. The door behind him was open. The room was empty: the lights round the mirror blazing, her make-up laid out, a cup of tea on the table with lipstick on the rim, still faintly steaming.

"She's gone," Felix said. "She was here at the half. She's not here now. Nobody saw her leave." He looked at me, and at the dress, and something crossed his face that I did not like, and then was gone. "Can you do it?"

I have thought a great deal since about what I should have said.

What I said was: "Beginners, please."`,
    },
    {
      title: "The Hundredth Performance",
      body: `I do not remember much of the performance. People expect me to, and I have learned to give them something: the heat of the lights, the first laugh, the moment in the second act when I touched my throat on <em>orchard</em> and heard the whole house go still. But the truth is that it passed like a fever. I went on as Vivienne Strand and I came off as Vivienne Strand and in between there were two hours and ten minutes during which, for the first time in my life, I did not have to pretend to be anyone at all, because I knew exactly who I was.

The applause at the curtain went on for four minutes. Felix timed it. He told me so afterwards in the wings, holding both my hands, and his were shaking.

"You were her," he said. "You were better than her. God forgive me. You were better."

That was when the police arrived.

***

There were two of them, a tall woman in a raincoat and a younger man with a notebook, and they were very polite. They had been called by Osgood, who had been called by the night watchman, who had found something in the flies.

I am not going to describe it. I saw it only for a moment, from the stage, when the tall woman asked the crew to bring the fly bar in and I looked up. I will say only that Vivienne had not left the theatre. She had gone up, not out; up the iron ladder to the fly gallery, sixty feet above the stage, where the scenery hangs in the dark on its ropes, and where, at some point between the half-hour call and the curtain, she had fallen.

She had been there, in the dark, above my head, for the whole of the performance.

Above my head, while I said her lines.

***

The tall woman, whose name was Inspector Haig, interviewed us one by one in the green room. When it was my turn, she looked at me for a long time without speaking. I was still in the dress. Nobody had thought to tell me to take it off.

"You were wearing her costume before anyone asked you to go on," she said. "Osgood says so."

"I always wore it. Every night. Under my dressing gown."

"Why?"

I considered lying. I am good at it, as I have said. But there are moments when the truth is the better performance, and I judged this was one of them.

"Because I wanted to know what it felt like," I said. "Because every night for two years I sat in a basement and listened to her be brilliant, and I wanted, just once, to feel the weight of the dress. It wasn't a plan. It was a habit. The way some people bite their nails."

Inspector Haig wrote something down.

"You knew all her lines," she said.

"That was my job."

"Did you know the ones she said offstage?" She turned a page in her notebook. "Mr. Arden tells me that three days ago she told him, in front of the company, that you would never stand on that stage while she was alive." A pause. "Did you hear her say that, Miss Lowell?"

I looked at her. I thought about the mirror, and the lovely grey eyes, and the laughter.

"Yes," I said. "I heard her say that."`,
    },
    {
      title: "Notes",
      body: `They let me go home at four in the morning. I did not go home. I went back down to the basement, to the understudy's dressing room next to the boiler, and sat in front of the mirror in her dress, and for the first time in two years I looked at my own face.

It was not her face. I want that understood. Whatever Felix said in the wings, whatever the reviews said in the morning, and they said a great deal, I was never her, and I never wanted to be. I wanted to be seen. That is a different thing, though I grant you it can look the same from the stalls.

There was a knock at the door. Osgood, in his brown coat.

"Thought you'd be here," he said. He came in without being asked and sat on the other chair, the broken one, with his hat on his knees. He is an old man, Osgood, and has kept the stage door at the Alder for thirty years, and he has a way of sitting very still that makes people tell him things.

"You told them about the dress," I said.

"I told them what I saw." He turned the hat round in his hands. "I didn't tell them everything I saw."

The boiler ticked. I waited.

"She came down to the stage door at the half," Osgood said. "Miss Strand. Before she went up. She asked me if you were in. I said you were. She said, good. She said, I want to see her face when I tell her." He looked at me. "Then she went up the fly ladder instead of down the stairs. I thought she'd gone to fetch something. People do, sometimes. Props they've hidden. Letters."

"Tell me what?"

Osgood reached into his coat and took out an envelope. It was addressed, in Vivienne's large, careless hand, to me.

"She gave me this at the door," he said. "Said if she wasn't down by the quarter, I was to give it to you after the show. Not before. After." He set it on the dressing table between us. "I haven't opened it. I haven't shown it to the inspector. I thought it was yours first."

***

I did not open it for a long time. I looked at my name in her handwriting, and I thought about how well I knew her, every line, every breath, every catch in the voice, and how little that had told me about who she was.

Then I opened it.

There was one sheet of paper inside, the theatre's headed notepaper, and on it, in that same careless hand, a single line, and under it her signature.

> I'm leaving the show after the hundredth. Felix doesn't know yet. The part is yours. Don't thank me. You'd be terrible at it. V.

I read it three times. Then I folded it up very small and held it in my fist, and sat in the basement in her dress until the boiler went quiet and the theatre above me began, slowly, to wake up for the hundred-and-first performance, and I still did not know, and do not know now, and perhaps will never know, whether she went up that ladder to be alone, or because someone asked her to, or because someone followed her.

I am a very good liar. I told you so at the beginning. But I have told you nothing in these pages that is not true.

Whether that makes me innocent is, as they say in the theatre, a matter of interpretation.`,
    },
  ],
};
