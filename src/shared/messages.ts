// Every user-facing text of the spec, word for word. Tests import these and also assert the literal text.

export const MSG = {
  // Validation (spec section 5)
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  freelancerEmailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  skillsRequired: 'Please list your skills',
  fillAllFields: 'Please fill in all fields.',
  roleNotFound: 'Role not found',

  // Login (spec section 8)
  userNotFound: 'User not found.',
  verifyEmailFirst: 'Please verify your email before logging in.',
  roleNotAssigned: 'User role not assigned. Access denied.',
  notUserAccount: 'Unauthorized. Please login with a user account.',
  loginFailed: 'Login failed. Please try again.',
  notAShark: 'Unauthorized: You are not registered as a Shark.',
  sharkLoginFailed: 'Login failed.',
  freelancerLoginFailed: 'Authentication failed. Invalid credentials.',

  // Signup
  accountCreated: 'Account Created',
  userIdMissing: 'User ID missing after signup.',
  roleIdMissing: 'Unable to retrieve role ID for user.',
  roleAssignFailed: 'Failed to assign role to user.',
  signupFailed: 'Signup failed. Please try again.',
  freelancerUserIdMissing: 'User ID not found.',
  freelancerSignupFailed: 'Signup failed.',

  // Password reset
  resetRequested: "If this email is registered, you'll receive a password reset link shortly.",

  // Accounts (server answers beyond the spec: verification, reset, other portals, admin console)
  notAFreelancer: 'Unauthorized: You are not registered as a Freelancer.',
  notAnAdmin: 'Unauthorized: This account is not an admin.',
  emailVerified: 'Your email is verified. You can log in now.',
  linkInvalid: 'This link is invalid or has expired.',
  verificationResent: 'If this email is waiting for verification, a new link is on its way.',
  passwordUpdated: 'Your password has been updated and every other session of this account was signed out. Please log in with your new password.',
  accountEmailTaken: 'An account with this email already exists.',
  becameFreelancer: 'You are now a freelancer. Welcome to your dashboard!',
  adminCannotFreelance: 'Admin accounts cannot become freelancers. Please sign up with a separate account.',

  // Shark workspace alerts
  imageUploadFailed: 'Image upload failed.',
  courseSaveFailed: 'Failed to save course.',
  courseDeleteFailed: 'Error deleting course.',
  profileUpdated: '✅ Profile updated successfully!',

  // Follows
  loginToFollow: 'Please login to follow a shark',

  // Pages
  sharkNotFound: 'Shark not found',
  unauthorizedTitle: '403 - Unauthorized',
  unauthorizedBody: 'You do not have access to this page.',
  calendarComingSoon: 'Calendar coming soon...',
  noUserLoggedIn: 'No user logged in',

  // Contact
  contactNameRequired: 'Name is required',
  contactEmailRequired: 'Email is required',
  contactMessageRequired: 'Message is required',
  contactSuccess: "Thank you for reaching out! We'll get back to you within 24 hours.",

  // Generic
  notFound: 'Not found',
  serverError: 'Something went wrong on our side. Please try again.',
  unreachable: 'We could not reach the server. Check your connection and try again.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  forbiddenOrigin: 'This request came from another site and was refused.',
  loginRequired: 'Please log in to continue.',
  forbidden: 'You do not have access to this.',
} as const;
