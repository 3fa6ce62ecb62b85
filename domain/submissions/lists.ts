/**
 * The submission statuses and the inbox's page sizes, in a module without zod: the back
 * office's route declarations read them, and those declarations load with every page.
 */
export const SUBMISSION_STATUSES = ['new', 'in_review', 'accepted', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_PAGE_SIZES = [10, 25, 50] as const;
