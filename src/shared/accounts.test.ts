import { describe, expect, it } from 'vitest';
import { freelancerSignupSchema, userSignupSchema } from './accounts';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('signup schemas', () => {
  it('says "Passwords do not match" even while another field is still wrong', () => {
    const result = userSignupSchema.safeParse({
      name: '',
      email: 'a@example.com',
      password: 'longenough1',
      confirmPassword: 'different1',
      terms: true,
    });
    expect(firstMessages(result)).toEqual({
      name: 'Name is required',
      confirmPassword: 'Passwords do not match',
    });
    const freelancer = freelancerSignupSchema.safeParse({
      name: 'A',
      email: 'bad',
      password: 'longenough1',
      confirmPassword: 'x',
      skills: '',
    });
    expect(firstMessages(freelancer)).toEqual({
      email: 'Invalid email',
      skills: 'Please list your skills',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('accepts matching passwords', () => {
    expect(
      userSignupSchema.safeParse({
        name: 'A',
        email: 'a@example.com',
        password: 'longenough1',
        confirmPassword: 'longenough1',
        terms: true,
      }).success,
    ).toBe(true);
  });
});
