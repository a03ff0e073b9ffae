// What following a shark says. Free of zod: a public card's heart reads it without loading the schemas
// (decision 091).

export const FOLLOW_MSG = {
  loginToFollow: 'Please login to follow a shark',
} as const;
