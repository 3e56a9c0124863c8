import type { DemoBookText } from "../types";

export const theCommitteeForThePreventionOfDragons: DemoBookText = {
  title: "The Committee for the Prevention of Dragons",
  summary:
    "When a dragon settles on the hill above Little Wendling, the parish council does what English villages do in a crisis: it forms a subcommittee. These are its minutes, faithfully recorded by a junior secretary who is running out of patience, and eventually of minutes.",
  teaser:
    "Item 2: description of the dragon. Item 3: Mr. Cathcart’s eyebrows. Item 4: what is to be done. Item 5: biscuits.",
  characters: [
    { name: "Nadia Brook", description: "Acting minutes secretary, twenty-three, increasingly editorial." },
    {
      name: "Mrs. Philippa Gorringe",
      description: "Chair, undefeated in forty years of village politics, not about to lose to a lizard.",
    },
    {
      name: "Mr. Alan Thorpe",
      description: "Treasurer, who believes every problem can be solved by not spending money on it.",
    },
    { name: "The Dragon", description: "Large, green, polite, and very interested in joining the committee." },
  ],
  moods: ["funny", "light-hearted", "satirical"],
  chapters: [
    {
      title: "Minutes of the First Meeting",
      body: `<strong>Little Wendling Parish Council: Subcommittee for the Prevention of Dragons.</strong> Minutes of the first meeting, held in the Village Hall (small room, as the large room is booked for Zumba).

<strong>Present:</strong> Mrs. P. Gorringe (Chair), Mr. A. Thorpe (Treasurer), Mr. and Mrs. Hollins, Reverend Dunn, Mr. Patel from the shop, Miss N. Brook (Acting Minutes Secretary, because Mrs. Fielding has gone to her sister's in Whitby and nobody else would).

<strong>Apologies:</strong> Mrs. Fielding (Whitby). Mr. Cathcart (has been singed).

<strong>Item 1. Welcome.</strong> The Chair welcomed everyone and reminded the committee that this was a serious matter and that she would not tolerate any silliness. Mr. Hollins asked whether it was a real dragon. The Chair said she had seen it with her own eyes on Thursday, sitting on Beacon Hill, eating one of the Pembertons' sheep, and that she did not need to be asked twice whether she knew what a dragon looked like. Mr. Hollins apologised.

<strong>Item 2. Description of the Dragon.</strong> Reverend Dunn reported that the dragon was approximately the size of the church, green, with some gold on the underside, and appeared to be sleeping most of the day in the old quarry. Mr. Patel reported that it had come down to the shop on Friday evening and looked in through the window for some time, and then gone away again. He said it did not seem aggressive, only curious, and that it had been particularly interested in the display of seasonal chutneys. The Chair said that curiosity was how it started.

(The Acting Minutes Secretary would like to note that she is not sure what the Chair meant by this, but that everybody nodded.)

<strong>Item 3. Mr. Cathcart.</strong> It was reported that Mr. Cathcart had gone up Beacon Hill on Saturday with a shotgun and a strong opinion, and had come back down again somewhat faster, with his eyebrows gone and no shotgun. He is recovering at home and has asked that nobody mention it. The committee agreed not to mention it.

<strong>Item 4. What Is To Be Done.</strong> The Chair invited suggestions. Mr. Thorpe asked whether there was a budget. The Chair said there was not. Mr. Thorpe said in that case he suggested doing nothing, which was free, and waiting to see whether the dragon went away on its own, as most things did if you ignored them long enough, in his experience, including the previous vicar. Reverend Dunn said he would let that pass.

Mrs. Hollins suggested writing to the County Council. The Chair said she had already written to the County Council, and that the County Council had written back to say that dragons were not within their remit and suggested she contact DEFRA. She had contacted DEFRA. DEFRA had put her on hold for forty minutes and then the line had gone dead.

Mr. Patel suggested talking to it.

There was a silence.

The Chair asked Mr. Patel whether he was being serious. Mr. Patel said he was. He said it had seemed quite a thoughtful sort of dragon, on the whole, and that it had very good manners for something that ate sheep, and that in his experience most problems in a village could be solved by somebody going round and having a word.

<strong>Item 5. Any Other Business.</strong> Mrs. Hollins asked whether the biscuits could be something other than custard creams next time. The Chair said the biscuits were not a matter for this subcommittee.

The meeting closed at 8.42pm. The next meeting will be held on Thursday, unless the village has been burned down, in which case, the Chair said, she will send an email.`,
    },
    {
      title: "Minutes of the Second Meeting",
      body: `<strong>Present:</strong> As before, minus Mr. Hollins (has gone to stay with Mrs. Fielding's sister in Whitby, "until things settle down"), plus the Dragon (see Item 2).

<strong>Item 1. Minutes of the Previous Meeting.</strong> The minutes were approved, subject to the removal of the Acting Minutes Secretary's remark in brackets, which the Chair described as editorialising. The Acting Minutes Secretary has removed it from the official copy. She has kept it in this one because she is the one typing.

<strong>Item 2. Matters Arising: Mr. Patel's Suggestion.</strong> Mr. Patel reported that he had gone up Beacon Hill on Tuesday with a jar of his wife's apricot chutney and had a word with the dragon. The dragon had been very pleasant. It had explained that it was old, and tired, and that the place where it used to live had been turned into a wind farm, and that it had been flying for some weeks looking for somewhere quiet with good views and a decent supply of sheep. It had apologised about Mr. Cathcart's eyebrows and said it had panicked.

Mr. Patel then said that the dragon had asked whether it might attend the committee, as it understood that the committee was about it, and felt it was only fair to be consulted.

At this point the dragon put its head through the window.

(The Acting Minutes Secretary would like to record that the small room of the Village Hall has a very small window, and that the dragon did it remarkably gracefully, all things considered, only knocking over the tea urn and one of the Zumba posters.)

The Chair said that this was most irregular.

The dragon said that it quite understood, and that it did not want to cause any trouble, but that it had been living on the hill for two weeks now and had grown very fond of the village, especially the church bells on Sunday, and the view of the river in the mornings, and Mr. Patel's chutney. It asked whether there was any way it might stay.

<strong>Item 3. Whether the Dragon Can Stay.</strong> Mr. Thorpe asked whether the dragon would be paying council tax. The dragon asked what council tax was. Mr. Thorpe explained. The dragon thought about it and said that it had a considerable amount of gold in a cave in Northumberland, and would be happy to make a contribution.

Mr. Thorpe said that in that case he withdrew all his objections and moved that the dragon be welcomed to the parish with immediate effect.

The Chair said that the dragon was still eating the Pembertons' sheep.

The dragon said that it would stop eating the Pembertons' sheep if someone could suggest an alternative. Mrs. Hollins suggested the geese from the Old Rectory, which honk at her every morning. Reverend Dunn said he would let that pass as well.

<strong>Item 4. Any Other Business.</strong> The dragon asked what the biscuits were. It was offered a custard cream. It said it was delicious. Mrs. Hollins said there was no accounting for taste.

The meeting closed at 9.15pm. Vote on Item 3 deferred to next meeting, as the Chair said she needed to consult her conscience, and also her solicitor.`,
    },
    {
      title: "Minutes of the Extraordinary Meeting",
      body: `<strong>Present:</strong> Everyone in Little Wendling, including Mr. Hollins (back from Whitby, "didn't like it"), Mrs. Fielding (back from Whitby, "he followed me"), Mr. Cathcart (eyebrows growing back, wearing a hat), and the Dragon, who attended in the car park as the Village Hall could not accommodate it and the Zumba class had complained.

<strong>Apologies:</strong> None. The Acting Minutes Secretary wishes to record that this is the first time in the history of the parish that nobody has sent apologies, and that it took a dragon.

<strong>Item 1. The Fire at the Old Mill.</strong> The Chair opened the meeting by reporting the events of Tuesday night, which everyone present had witnessed, but which she said must be entered in the minutes for the record.

At approximately half past eleven on Tuesday night, a fire broke out in the old mill by the river, which had been empty for some years and was full of old timber. The fire spread quickly toward the row of cottages on Mill Lane. The fire engine from Stowbridge was called but was delayed by roadworks on the bypass, as it has been delayed by roadworks on the bypass every time it has been called since 2019.

The dragon, who had been sleeping on Beacon Hill, woke, came down to the river, filled itself with water in a manner the Acting Minutes Secretary will not attempt to describe except to say that the river was noticeably lower afterwards, and put the fire out in approximately four minutes. It then carried Mrs. Amberley's cat out of the top window of number 3 Mill Lane in its mouth, very gently, and set it down on the village green, where the cat was sick.

The fire engine from Stowbridge arrived at 12.20am and the crew stood in the lane for some time looking at the dragon and not saying anything.

<strong>Item 2. Vote on Whether the Dragon Can Stay.</strong> The Chair said that she had consulted her conscience. She said that she had lived in Little Wendling for sixty-eight years, and that in that time she had seen the village lose its school, its bus, its bank, its post office and its pub, and that she had fought every one of those closures and lost, and that she was tired of losing things. She said that it was not every day that something came to a village like this one and asked to stay, and that she, for one, was not going to be the person who said no.

She then said that she had also consulted her solicitor, who said that there was nothing in the parish byelaws about dragons one way or the other, which in her experience meant that nobody had thought of it, which meant that it was allowed.

The motion that the dragon be welcomed to the parish of Little Wendling was proposed by Mrs. P. Gorringe and seconded by Mr. Cathcart, who took his hat off to do it.

The vote was unanimous. The dragon abstained on the grounds of conflict of interest, which the Chair said showed a very proper understanding of procedure.

<strong>Item 3. Any Other Business.</strong> The dragon asked whether, now that it lived in the village, it could join a committee. The Chair said that there was a vacancy on the Subcommittee for the Prevention of Dragons, which, she supposed, would now have to be renamed. Mr. Patel suggested the Subcommittee for the Welfare of Dragons. The dragon said it would be honoured.

Mrs. Hollins asked about the biscuits.

The dragon said that it had been to the cash and carry in Stowbridge and bought four hundred packets of custard creams, and that they were in the quarry, and everyone was welcome.

The meeting closed at 10.05pm in a spirit of general goodwill. The Acting Minutes Secretary wishes to record that she has now taken these minutes for three meetings, and would like it noted that she would not mind being made permanent, and that she has, for the first time, enjoyed it.`,
    },
  ],
};
