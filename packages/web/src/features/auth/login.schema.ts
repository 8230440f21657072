import { z } from 'zod';
import { REQUIRED_MESSAGE } from '@mdis/shared';

export const loginFormSchema = z.object({
  username: z.string().trim().min(1, REQUIRED_MESSAGE),
  password: z.string().min(1, REQUIRED_MESSAGE),
});
export type LoginFormValues = z.infer<typeof loginFormSchema>;
