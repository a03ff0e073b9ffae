// Image uploads (a shark's photo, a course's image): the texts of every way an upload can be refused.
// The server answers "Image upload failed. <reason>"; the forms show the same words.

export const IMAGE_MSG = {
  uploadFailed: 'Image upload failed.',
  missing: 'Choose an image file to upload.',
  tooLarge: 'The image is larger than 5 MB.',
  notImage: 'The file is not a JPEG, PNG or WebP image.',
  badName: 'The file name is not allowed.',
  unreadable: 'The image could not be read.',
  tooManyPixels: 'The image is too large (40 megapixels at most).',
} as const;
