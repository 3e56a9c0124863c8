import type { DemoBookText } from "../types";

export const theNightTelegraph: DemoBookText = {
  title: "The Night Telegraph",
  summary:
    "Ashby Vale, 1889. Nell Garside is the only woman working the telegraph in a town of cotton mills and chapel bells, and the only person awake when a message comes down the line that nobody was meant to read. With the reservoir above the valley groaning under a week of rain, she must decide whether a clerk's duty is to the wire or to the town.",
  teaser:
    "Every message that passed through Ashby Vale went through Nell Garside's fingers. On the night of the great rain, one of them was a lie.",
  characters: [
    {
      name: "Nell Garside",
      description: "Telegraph clerk, twenty, quick-fingered, the daughter of a weaver and determined not to be one.",
    },
    { name: "Mr. Ambrose Tull", description: "Postmaster, fussy, kind, terrified of inspectors from London." },
    { name: "Samuel Prior", description: "A signalman at Holme Junction, known to Nell only by his hand on the key." },
    {
      name: "Josiah Rathbone",
      description: "Owner of the reservoir, three mills and most of the opinions in Ashby Vale.",
    },
  ],
  moods: ["suspenseful", "atmospheric", "hopeful"],
  chapters: [
    {
      title: "A Hand on the Key",
      body: `You may think that one telegraph operator is much like another, tapping away at the brass key in a little office with a stove and a clock. But any clerk who has worked a wire for a twelvemonth will tell you that each hand on the line is as different as a voice. Some are quick and clipped, like a man who has somewhere better to be. Some are heavy and slow, and you can hear the weight of the fist in every dash. Some are sloppy, and run their letters together, so that you have to guess at half the words and hope.

I had worked the night wire at Ashby Vale post office for eleven months in the autumn of 1889, and I knew every hand between Manchester and the coast. But the one I knew best was Holme Junction.

Holme was a signal box on the railway, up on the moor above the valley, with a single telegraph line that ran down to us. The man who worked it at night had a hand like nobody else's: light and even and very exact, each letter placed like a stone on a wall. He sent the train times and the weather reports and the occasional message for the stationmaster, and when the line was quiet, which was most of the night, he sent other things.

<em>Cold up here,</em> he sent, the first time. <em>Snow on the tops. Is it snowing in the town?</em>

I was not meant to answer. The Post Office rules were very clear on the subject of unofficial traffic. But it was three in the morning and the stove was low and I had not spoken to a living soul since ten o'clock, and so I put my hand to the key.

<em>Rain,</em> I sent. <em>Always rain. It has not snowed in Ashby Vale since Queen Victoria was a girl.</em>

There was a pause on the line. Then, very neatly: <em>Ha.</em>

That was how it began. His name was Samuel Prior; he told me so on the fourth night. I told him mine on the ninth, because I was not entirely sure he was respectable. By the spring we were talking most nights, in the quiet hours between the late goods train and the milk, and I could tell from his hand whether he was tired, or happy, or had burnt his supper on the signal box stove. I had never seen his face. I did not know whether he was twenty or sixty, handsome or plain. I did not care. I knew his hand, and in the telegraph that is as close to knowing someone's soul as you can get without being introduced.

***

On the first night of the great rain, in the second week of October, Samuel sent: <em>Water coming off the moor like a river. Never seen the like. How is your reservoir?</em>

I looked out of the office window, up the valley, to where the great grey wall of the Rathbone dam stood above the town, black against the black sky. Eight hundred thousand tons of water, Mr. Tull had told me once, with some pride, as if he had carried it there himself. Behind it, in the dark, I could hear a sound I had never heard before, a low endless roar like a crowd a long way off.

<em>Full,</em> I sent. <em>Very full.</em>`,
    },
    {
      title: "The Rathbone Dam",
      body: `The rain did not stop. It came down for six days without pause, and Ashby Vale turned to water around us. The mill races roared white. The river burst its banks below the church and came up Weaver Street as far as the Co-operative. The chapel held a prayer meeting for fine weather, and the rain came down on the roof so loud that nobody could hear the minister, which my mother said was a mercy.

And all the while, above the town, the reservoir rose.

You must understand that in Ashby Vale the dam was not a thing you thought about, any more than you thought about the hills. It had been built by Josiah Rathbone's father forty years before, to feed the mills in dry summers, and it had never given a moment's trouble. Rathbone himself, a large red man with white whiskers and a voice that could be heard across a weaving shed, said so often and loudly to anyone who asked. He said it to the <em>Ashby Vale Courier</em> on the third day of the rain, when the editor asked whether there was any danger. He said it from the steps of the Mechanics' Institute on the fourth. <em>The Rathbone dam,</em> he said, <em>will stand when every man in this town is in his grave.</em>

It was the fifth night when the message came.

It arrived at a quarter to two, not from Holme but from the wire that ran up the valley to the reservoir keeper's cottage, a line that carried nothing but the weekly water levels and was so quiet I sometimes forgot it was there. The hand was one I knew, old Dyson the keeper, slow and careful, and it was addressed not to the post office but to Rathbone himself, at Rathbone Hall.

<em>RATHBONE. CRACK IN FACE OF DAM ABOVE NORTH SLUICE. WIDENING SINCE DUSK. WATER COMING THROUGH. ADVISE OPEN ALL SLUICES AND WARN TOWN. DYSON.</em>

My hands were cold as I wrote it out on the form. I rang the bell for the boy who ran the messages, and he came stumbling out of the back room in his nightshirt, and I sent him off into the rain to Rathbone Hall with the envelope held inside his coat.

He was back within the hour, soaked and white, with a reply for me to send.

<em>DYSON. SURFACE CRACKING ONLY. DO NOT OPEN SLUICES. NO ALARM. WILL INSPECT AT FIRST LIGHT. RATHBONE.</em>

I sat with that form in my hands for a long time. The stove ticked. The rain drummed on the roof. Up the valley, in the dark, the reservoir roared.

I knew why he had written it. Anyone in Ashby Vale would have known. Open the sluices, and the water goes down the valley into the river and floods the lower mills, his mills, and stops the looms for a fortnight. Warn the town, and the town panics, and the insurance men come, and the <em>Courier</em> prints the words that Josiah Rathbone had spent a week telling everyone they would never need to print.

A clerk's duty is to send what she is given. That was the first rule, and the last, and every rule in between. A clerk does not read the messages. A clerk does not judge them. A clerk is a wire that can write.

I put my hand on the key. And then, instead of the reservoir line, I found that I had opened the line to Holme.`,
    },
    {
      title: "What the Wire Carried",
      body: `<em>Samuel,</em> I sent. <em>Are you there?</em>

The answer came at once, light and exact. <em>Here. What is it? Your hand is shaking.</em>

It was. I had not known you could hear that down the wire. I told him everything: Dyson's message, Rathbone's answer, the roar in the dark. I sent it fast, faster than I had ever sent anything, my letters running together in a way I would have scolded a junior for, and when I had finished there was a long silence on the line.

Then: <em>What do you want to do?</em>

Not what should you do. Not what are the rules. What do you want.

<em>I want to wake the town,</em> I sent. <em>But I am a clerk. If I send Rathbone's message, I have done my duty and the dam may break. If I do not send it, or send something else, I will lose my place, and Mr. Tull will lose his, and Rathbone will see I never work again. And if the dam holds after all, I will have cried wolf for nothing.</em>

Another silence. Out on the moor, I thought, the same rain was falling on his signal box. I imagined him at his window, looking down at the few lights of Ashby Vale in the valley below him, small and yellow and sleeping.

<em>Nell,</em> he sent. It was the first time he had used my name on the wire. <em>I can see the dam from here. There is a light moving on the wall. Dyson, I think, with a lantern. He is walking up and down. He has been walking up and down for an hour. A man does not do that for surface cracking.</em>

I closed my eyes.

<em>There is a down train at twenty past three,</em> he went on. <em>The last before morning. I can hold it at Holme. I can send word to every station down the line that the valley is unsafe, on my own authority as signalman. That will wake the stationmasters. They will wake the town. It will be my word, not yours. Yours need not come into it.</em>

<em>They will dismiss you.</em>

<em>Very likely.</em> And then, so neatly I could almost see him smile: <em>But it will not be the first time I have been in trouble for talking on the wire.</em>

***

I did not let him do it alone. I could not. Afterwards people said that I was brave, and it is not true; I was only more afraid of one thing than of the other.

I sent Rathbone's message to Dyson, exactly as it was written, because a clerk sends what she is given. And then, on the same line, in my own hand, I sent a second message.

<em>DYSON. OPERATOR GARSIDE HERE. HOLME JUNCTION HOLDING TRAINS AND WARNING LINE. GOD HELP US IF I AM WRONG. OPEN THE SLUICES.</em>

Then I put on my coat and took the big brass handbell from Mr. Tull's cupboard, the one used for fire, and went out into the rain and up Weaver Street, ringing it with both hands as loud as I could, and behind me, one by one, I heard the lights of the town begin to come on.`,
    },
    {
      title: "Level Crossing",
      body: `The Rathbone dam did not break that night.

It held, barely, because old Dyson opened every sluice he had, one after another, with his lantern on the wall and the water thundering through beneath his feet, and the level dropped an inch an hour until dawn. The lower mills flooded to the second floor. The looms stood silent for a month. And when the engineers came up from Manchester the following week and went out on the face of the dam in a basket, they found a crack running from the north sluice almost to the crest, wide enough to put an arm into, and they said that another six hours of that rain would have carried the whole thing down the valley, and Ashby Vale with it.

By then, of course, everybody was already awake. I had rung that bell until my arms gave out, and then Mr. Tull, in his nightshirt and a greatcoat, had taken it from me and rung it himself, all the way to the chapel, where the minister had taken over with the chapel bell. The stationmasters down the line had woken every village they could reach. By four in the morning the whole of the lower town was up on the hillside by the cemetery, wrapped in blankets and arguing, and I remember my mother finding me there and slapping me, once, hard, and then holding on to me and weeping.

***

Josiah Rathbone did not see that I never worked again. He could not. The <em>Courier</em> printed the whole story on the Saturday, both telegrams side by side, his and Dyson's, with the editor's comments between them, and after that there was not a mill hand in Ashby Vale who would have let him.

Mr. Tull was summoned to London. He went white at the thought of it, and packed three clean collars, and came back a week later with a letter from the Postmaster General commending the conduct of the Ashby Vale office, and a new stove. He never once asked me why I had opened the line to Holme. I think he knew.

The railway dismissed Samuel Prior for holding a train without authority. Then it re-employed him, nine days later, after the story was in the London papers, and promoted him to stationmaster at Ashby Vale, which the newspapers said was a reward for courage and which Samuel said, on the wire, was a way of getting him out of a signal box where he could cause trouble.

<em>I arrive on the 10.15 on Monday,</em> he sent, on his last night at Holme. <em>I thought you should know. In case you would like to see whether I am twenty or sixty.</em>

<em>I have never cared,</em> I sent back. Which was true. But I will confess I wore my good blue dress on Monday, all the same.

He was twenty-six. He had brown hair and ink on his fingers and a way of standing very still, as if listening. When he stepped down from the 10.15 onto the wet platform and looked along it at the crowd, I knew him before he said a word, because he raised one hand and tapped twice on the air with his first finger, light and exact, in the telegraph code we used for <em>here</em>.

I tapped it back.

And that, if you want to know, is how I met my husband: on a wire, in the rain, in the middle of the night, with the whole valley asleep below us and only two people awake to hear it.`,
    },
  ],
};
