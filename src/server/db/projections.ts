// Column sets several repositories select, so every answer of that shape is read the same way.
import { courseBookings as b, sharksWithMeta as s } from './schema';

/** The columns of a shark card (the `Shark` shape): the catalogue, one shark, the follows list. */
export const sharkCardColumns = {
  id: s.id,
  name: s.name,
  codeName: s.codeName,
  specialization: s.specialization,
  experience: s.experience,
  bio: s.bio,
  photoUrl: s.photoUrl,
  studentCount: s.studentCount,
  avgRating: s.avgRating,
  reviewCount: s.reviewCount,
  minPrice: s.minPrice,
  verifiedCredentials: s.verifiedCredentials,
};

/** The columns of a booking as both sides see it: the learner's list and the shark's enrollments. */
export const bookingColumns = {
  id: b.id,
  courseId: b.courseId,
  name: b.name,
  email: b.email,
  phone: b.phone,
  hours: b.hours,
  preferredDate: b.preferredDate,
  preferredTime: b.preferredTime,
  totalPrice: b.totalPrice,
  createdAt: b.createdAt,
};
