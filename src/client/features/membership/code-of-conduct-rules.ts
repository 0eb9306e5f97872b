/** The club's code of conduct (SPEC §2.6): eleven rules, in the order the committee adopted them. */
export const CODE_OF_CONDUCT_RULES: { title: string; text: string }[] = [
  { title: 'Uphold the interests of the club', text: 'Members act in the best interests of the club and its members, and support its objects and its committee.' },
  { title: 'Authority to speak', text: 'Only the President, or a member the committee authorises, speaks to the media, councils or other bodies on behalf of the club.' },
  {
    title: 'Our primary activity and NSW fishery laws',
    text: 'Recreational fishing is the primary activity of the club. Members comply with NSW fishery laws at all times, including bag and size limits and closures, and hold a current NSW recreational fishing licence where one is required.',
  },
  { title: 'Prizes and judging', text: "Judges' and weigh-masters' decisions on catches, points and prizes are final. Disputes go to the committee in writing, never to the judges on the day." },
  { title: 'Risk awareness', text: 'Fishing near water, rocks and boats carries risk. Members take part at their own risk and are responsible for their own equipment, boats and safety gear.' },
  { title: 'Supervision of juniors', text: 'Junior members (under 16) are supervised at all times by a parent, guardian or a responsible adult they have nominated.' },
  { title: 'Catch, click and return on competition days', text: 'On competition days fish are photographed on the club brag mat with the club code and released quickly and carefully unless the rules of the day say otherwise.' },
  { title: 'Respect', text: 'Treat fellow members, other waterway users, landholders and the environment with courtesy and respect. Take your rubbish and used line home.' },
  { title: 'Alcohol and behaviour', text: 'No alcohol is consumed while fishing in a club competition or while in charge of a boat. Abusive, threatening or unsafe behaviour is not tolerated.' },
  { title: 'Representing the club', text: 'Members wearing club shirts or fishing in club events represent the club and behave in a way that reflects well on it.' },
  { title: 'Safety first', text: 'Wear a lifejacket where required, check the weather and tides, tell someone where you are fishing, and never fish alone from the rocks.' },
];
