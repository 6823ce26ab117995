import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';

export const emailSchema = z
  .string({ error: MESSAGES.auth.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.auth.emailRequired })
  .pipe(z.email({ error: MESSAGES.auth.invalidEmail }));

export const passwordSchema = z
  .string({ error: MESSAGES.auth.passwordTooShort })
  .min(LIMITS.password.minLength, { error: MESSAGES.auth.passwordTooShort });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Password is required' }),
});

export const registerSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    error: MESSAGES.auth.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;
