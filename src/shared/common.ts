// The texts every domain shares: fields many forms ask for, the errors any request can meet, the 403 page.
// Each domain's own texts live in its file (src/shared/<domain>.ts). This file imports nothing: the web app's
// entry chunk (the API client) reads it, and zod must stay out of that chunk (decision 012).

export const COMMON_MSG = {
  // Fields many forms share (spec section 5)
  nameRequired: 'Name is required',
  nameTooLong: 'Name is too long (120 characters at most)',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',

  // Errors any request can meet
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  unavailable: 'We are briefly unavailable. Nothing was changed; please try again in a moment.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  forbiddenOrigin: 'This request came from another site and was refused.',
  loginRequired: 'Please log in to continue.',
  forbidden: 'You do not have access to this.',
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',
  invalidJson: 'The request body is not valid JSON.',
  unreadableRequest: 'The request could not be read.',
  badUrl: 'This address is not valid.',
  invalidCharacter: 'This field contains a character that is not allowed.',

  // The 403 page (its title is its route's, in routes.ts)
  unauthorizedBody: 'You do not have access to this page.',
} as const;
