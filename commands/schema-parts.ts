/** Field schemas several capabilities' commands share. */
import { z } from 'zod';

export const id = z.string().trim().min(1, 'Id is required').max(100);

/** The stream revision an admin form was loaded at (optimistic concurrency). */
export const expectedRevision = z.number().int().min(0).optional();
