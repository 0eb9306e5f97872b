import { catchSubmissionInput } from '../../../shared/catches.schema';

/** The fields the catch forms check with the shared schema; the waiver, the accuracy and the photo are asked for in turn. */
export const catchFields = catchSubmissionInput.pick({
  fishType: true,
  size: true,
  fishKeptOrReleased: true,
  eventId: true,
  memberId: true,
});
