// What the embedded interviewer says in English besides the bank: greetings, acknowledgements, follow-ups.
// Markup as in render.ts: <he|she|they> for the detail's gender, {slots}.
import type { Phrasebook } from './phrasebook-types.ts';

export const PHRASES_EN: Phrasebook = {
  greetingFirst: {
    named: ['Hello {name}!', 'Hello {name}, and welcome.'],
    anonymous: ['Hello!', 'Hello, and welcome.'],
  },
  greetingAgain: {
    named: [
      'Hello {name}, here we are for a new chapter.',
      "Hello {name}! Let's open a new chapter together.",
    ],
    anonymous: [
      'Hello, here we are for a new chapter.',
      "Hello! Let's open a new chapter together.",
    ],
  },
  introFirst: [
    'I am here to help you tell your story, one memory at a time. I will ask you one question at a time; answer as you like, out loud or in writing, and take all the time you need.',
    'Together we are going to write a chapter of your life. I will ask one question at a time: answer at your own pace, in your own words.',
  ],
  lastTime: [
    'Our previous chapter was called “{title}”.',
    'Last time, our chapter was called “{title}”.',
  ],
  themeIntro: [
    'Today, I suggest we talk about {topic}.',
    "For this chapter, let's talk about {topic}, if you are happy to.",
  ],
  ack: {
    neutral: [
      'Thank you.',
      'Thank you, that is precious.',
      'Thank you for telling me that.',
      'I have noted that.',
      'Thank you for that memory.',
      'Very good, thank you.',
      'Thank you very much.',
      'All right, I have that down.',
    ],
    named: [
      'Thank you, {name}.',
      'Thank you very much, {name}.',
      'I have noted that, {name}, thank you.',
    ],
    long: [
      'Thank you for all those details.',
      'Thank you for taking the time to tell all that.',
      'Thank you, there is a great deal that is precious in what you have just said.',
    ],
    heavy: [
      'Thank you for trusting me with that.',
      'Thank you for your trust.',
      'Thank you for sharing that memory.',
    ],
    unsure: [
      'That does not matter at all.',
      'No trouble at all, memory comes and goes.',
      "That's quite all right, let's move on.",
    ],
    refusal: [
      'Of course, we will leave that aside.',
      "Understood, let's set that aside.",
      "Very well, let's talk about something else.",
    ],
    questionBack: [
      "I am only an interview guide, so I can't answer that: here, it is your voice that counts.",
    ],
  },
  transition: [
    "If you are happy to, let's now talk about {topic}.",
    "Let's change the subject a little: I would love to hear about {topic}.",
    "Let's turn a new page, to {topic}.",
    "Let's move on to another part of your life: {topic}.",
  ],
  more: [
    'Could you tell me a little more?',
    'Take your time: what comes back to you as you think about it?',
    'I would love to know more: what could you add?',
    'How about telling me that in a little more detail?',
    'Is there a particular moment, a scene, that comes to mind?',
    'Could you describe it to me as if I were there?',
    'Would you have an example, a small memory that shows it?',
    'How did it go, in practice?',
    'What did you feel at that moment?',
    'What did you see and hear around you?',
    'Is there a story that comes back to you about it?',
    'What makes you say that?',
    'Could you tell me the clearest memory you have of it?',
    'Who else could tell this story, and what would they say?',
  ],
  followUps: {
    person: [
      'You mention {person}: what <was he|was she|were they> like?',
      'What particular memory do you keep of {person}?',
      'What did {person} teach you?',
      'If you close your eyes, how do you picture {person}: <his voice|her voice|their voices>, <his|her|their> ways?',
      'Which words or sayings of {person} still come back to you today?',
      'What was an ordinary day spent with {person} like?',
      'What would you like people to know about {person}, through this book?',
      'What place did {person} hold in your life?',
    ],
    place: [
      'You mention life {place}: what was it like, day to day?',
      'If we were {place} back then, what would we see around us?',
      'Which sounds and smells do you connect with life {place}?',
      'Who did you spend time with {place}?',
      '{Place}, which particular spot is still dear to you?',
      'What remains in you of life {place}?',
      'What did {placenoun} mean to you at that time?',
      'You mention {placenoun}: which picture comes to mind first?',
    ],
    time: [
      // The year she has just said is never the frame of the question ("In 1962, who…?" asks what she
      // told): it comes after, as a reminder of the time she spoke of (issue 30).
      'What did an ordinary day look like for you back then, {time}?',
      'Who mattered most to you at that time, {time}?',
      'What were you dreaming of at that time, {time}?',
      'What was going on around you {time}?',
      'Where were you living at that time, {time}, and with whom?',
      'You were {age} {time}: which memory of that year comes back to you first?',
      // From here on (EVENT_TIME_FROM): a year that dates something she did, "I married Tom in 1962".
      'What was that moment like for you, {time}?',
      'After that moment {time}, what changed for you?',
      'What do you remember of that day, or of that time, {time}?',
      'Who was by your side at that moment, {time}?',
    ],
    feeling: [
      'You mention {feeling}: what was happening around you at that moment?',
      'Who could you share {feeling} with?',
      'When you think back to {feeling}, which image comes to you first?',
      'What do you think lay behind {feeling}?',
      'Looking back today, how do you see {feeling}?',
    ],
    sense: [
      'You mention {sense}: which place and which moment does it take you back to?',
      '{Sense}… What other memories does it bring back?',
      'If you came across {sense} today, which moment of your life would it remind you of?',
      '{Sense}, you say: could you describe that moment in more detail?',
    ],
    // Names that are no person (issue 30). Their slots reuse the others': an animal is said as {person},
    // a firm or a school as {place} ("at Marks and Spencer") and {placenoun}, a food or a drink as {sense}.
    animal: [
      'What was {person} like, and who looked after that animal?',
      'Is there a story about {person} that the family still tells?',
      'What place did {person} have in the household, day to day?',
      'You mention {person}: which memory comes back to you first?',
    ],
    firm: [
      'What was an ordinary day like {place}?',
      'Who did you work alongside {place}, and what was the atmosphere like?',
      'What did you do {place}, in practice?',
      'You mention {placenoun}: which memory comes back to you first?',
    ],
    school: [
      'What was an ordinary day like {place}?',
      'Which teacher {place} made the strongest impression on you?',
      'What did you learn {place} that stayed with you?',
      'Who did you play with in the playground {place}?',
    ],
    food: [
      'You mention {sense}: on what occasions was it served at home?',
      '{Sense}… Who around you used to have it, and at what time of day?',
      'You mention {sense}: which moment of your life does it bring back?',
    ],
  },
  hooks: {
    birthPlace: 'You were born {place}. What comes back to you first when you think of that place?',
    birthYear: 'You were born in {year}: what was the world of your parents like at that time?',
    family: 'In your first answers, you mention {person}: which shared memory comes to you first?',
    children:
      'In your first answers, you mention {person}: which moment spent together would you like to tell?',
    work: 'At the start, you wrote: “{quote}”. How did it all begin?',
    audience:
      'You are writing this book for “{quote}”. What would you most like them to discover about you in these pages?',
  },
  open: [
    'About {topic}, is there a memory we have not touched on yet?',
    'If a single picture had to illustrate what you have told me about {topic}, which would it be?',
    'Which story about {topic} would you still like to add to this book?',
    'What might the people close to you not know yet about {topic}?',
  ],
  openAge: [
    'Around the age of {age}, what were your days like?',
    'Around the age of {age}, who mattered most to you?',
    'Around the age of {age}, where were you living, and in what surroundings?',
    'Around the age of {age}, what gave you pleasure?',
  ],
  openYear: ['What do you remember of the year {year}?', 'In {year}, where were you in your life?'],
};
