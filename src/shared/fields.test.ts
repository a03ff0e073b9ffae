import { describe, expect, it } from 'vitest';
import { courseFormSchema } from './courses';
import { sharkProfileInputSchema, WORKSPACE_MSG } from './workspace';

const issueFor = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((i) => i.path[0] === field)?.message;

describe('number fields read one way in every form', () => {
  it('treats blank text as not given, so the "required" message shows (not a silent 0)', () => {
    const profile = sharkProfileInputSchema.safeParse({
      name: 'A',
      specialization: 'forensics',
      experience: '   ',
      bio: 'b',
    });
    expect(issueFor(profile, 'experience')).toBe(WORKSPACE_MSG.experienceRequired);
  });

  it('reads typed digits as a number and words as "must be a number"', () => {
    const ok = sharkProfileInputSchema.safeParse({
      name: 'A',
      specialization: 'forensics',
      experience: ' 7 ',
      bio: 'b',
    });
    expect(ok.success && ok.data.experience).toBe(7);
    const bad = sharkProfileInputSchema.safeParse({
      name: 'A',
      specialization: 'forensics',
      experience: 'seven',
      bio: 'b',
    });
    expect(issueFor(bad, 'experience')).toBe(WORKSPACE_MSG.experienceNumber);
    const course = courseFormSchema.safeParse({ title: 't', description: 'd', duration: ' ', price: '100' });
    expect(course.success).toBe(false);
  });
});
