import { z } from 'zod';

/** Record ids are 24 lowercase hexadecimal characters (a timestamp and random bytes). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const idSchema = z.string().regex(ID_PATTERN, 'Unknown id');

export const idParamsSchema = z.object({ id: z.string() });
