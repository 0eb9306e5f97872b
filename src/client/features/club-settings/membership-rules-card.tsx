import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { membershipRulesSchema } from '../../../shared/membership-rules';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { setMembershipRules, useMembershipRules } from '../../lib/membership-rules';
import { useTRPC } from '../../trpc';
import { SettingsCard } from './settings-card';
import { MembershipRulesFields } from './membership-rules-fields';
import { useCardSave } from './use-card-save';
import { notAmountMessages, rulesFieldOf, rulesInput, rulesValues, type MembershipRulesValues } from './membership-rules-values';

/**
 * Admin → Club settings' memberships: the annual fees, who a family covers, the junior age and the membership year.
 * A save is audited, and prices what is bought from then on: what members already paid, and until when, stays.
 */
export function MembershipRulesCard() {
  const trpc = useTRPC();
  const rules = useMembershipRules();
  const form = useSchemaForm<typeof membershipRulesSchema, MembershipRulesValues>({
    schema: membershipRulesSchema,
    initialValues: () => rulesValues(rules),
    toInput: rulesInput,
    fieldOf: rulesFieldOf(),
  });
  const save = useMutation(
    trpc.admin.club.saveMembership.mutationOptions(
      useCardSave({
        form,
        store: setMembershipRules,
        values: rulesValues,
        queryKey: trpc.club.membership.queryKey(),
        saved: () => ['Membership rules saved', 'They price what is bought from now on, and never change what members have already paid.'],
        failure: 'Could not save the membership rules',
      }),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    // A fee that is no amount of dollars says so (the schema would speak of cents, which nobody typed).
    form.setErrors((errors) => ({ ...errors, ...notAmountMessages(form.values) }));
    if (input) save.mutate(input);
  };

  return (
    <SettingsCard
      id="membership-rules-title"
      title="Memberships"
      intro="The fees joining and renewing cost, who a family covers, and who is a junior when joining and at events. A change prices what is bought from then on; what members have already paid stays as it is."
      saveLabel="Save membership rules"
      saving={save.isPending}
      dirty={form.dirty}
      onSubmit={submit}
    >
      <MembershipRulesFields values={form.values} errors={form.errors} inputProps={form.inputProps} setValue={form.setValue} />
    </SettingsCard>
  );
}
