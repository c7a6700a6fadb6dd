/** Customer groups (LE groups): an owner legal entity sorts its customers and consumers into groups (spec 001 §7). */
import * as z from 'zod/mini';
import { zOptionalId } from './customers.ts';
import { zId, zName } from './fields.ts';
import { lazy } from './lazy.ts';

export const GROUP_MSG = {
  groupNameTaken: 'A group with this name already exists',
  groupNameTooLong: 'Group name must be at most 60 characters',
  ownLegalEntity: "The site's own legal entity cannot be put in a customer group",
} as const;

export const ZLeGroup = lazy(() =>
  z.object({
    id: z.string(),
    groupName: z.string(),
    /** The site owner's default group (shown with a 'Default' marker). */
    isDefault: z.boolean(),
  }),
);
export type TLeGroup = z.infer<typeof ZLeGroup>;

export const ZSaveLeGroup = lazy(() =>
  z.object({
    /** Absent: create; present: rename. */
    id: zOptionalId(),
    groupName: zName({ max: 60, tooLong: GROUP_MSG.groupNameTooLong }),
  }),
);

export const ZLeGroupRef = lazy(() => z.object({ groupId: zId() }));

export const ZMapLegalEntity = lazy(() => z.object({ groupId: zId(), LEId: zId() }));

export const ZLegalEntityMapping = lazy(() =>
  z.object({ LEId: z.string(), groupId: z.string(), groupName: z.string() }),
);

export const ZConsumerGroupMapping = lazy(() =>
  z.object({
    groups: z.array(ZLeGroup),
    mappedGroupId: z.nullable(z.string()),
    defaultGroupId: z.nullable(z.string()),
  }),
);
