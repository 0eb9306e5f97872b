import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { competitionRulesSchema } from '../../../shared/competition-rules';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { setCompetitionRules, useCompetitionRules } from '../../lib/competition-rules';
import { useTRPC } from '../../trpc';
import { SettingsCard } from './settings-card';
import { CompetitionRulesFields } from './competition-rules-fields';
import { useCardSave } from './use-card-save';
import {
  competitionFieldOf,
  competitionInput,
  competitionValues,
  notNumberMessages,
  withoutMessages,
  type CompetitionField,
  type CompetitionRulesValues,
} from './competition-rules-values';

/**
 * Admin → Club settings' competitions: entry fees, the day's times, prizes and champion points per place, and the
 * mystery fish and picture of the month prizes. A save is audited and applies to events made from then on: an event
 * already made keeps its own fees and times.
 */
export function CompetitionRulesCard() {
  const trpc = useTRPC();
  const rules = useCompetitionRules();
  const form = useSchemaForm<typeof competitionRulesSchema, CompetitionRulesValues, CompetitionField>({
    schema: competitionRulesSchema,
    initialValues: () => competitionValues(rules),
    toInput: competitionInput,
    fieldOf: competitionFieldOf(),
  });
  const save = useMutation(
    trpc.admin.club.saveCompetition.mutationOptions(
      useCardSave({
        form,
        store: setCompetitionRules,
        values: competitionValues,
        queryKey: trpc.club.competition.queryKey(),
        saved: () => ['Competition rules saved', 'New events start from them; events already made keep their own fees and times.'],
        failure: 'Could not save the competition rules',
      }),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    // An amount or number that is none at all says so (the schema would speak of cents, which nobody typed).
    form.setErrors((errors) => ({ ...errors, ...notNumberMessages(form.values) }));
    if (input) save.mutate(input);
  };
  const change = (values: CompetitionRulesValues, field: CompetitionField) => {
    form.setValues(values);
    form.setErrors((errors) => withoutMessages(errors, field));
  };

  return (
    <SettingsCard
      id="competition-rules-title"
      title="Competitions"
      intro="What entering an event costs, the day's times, what each place wins and scores on the season ladder, and the mystery fish and picture of the month prizes. New events start from them; events already made keep their own fees and times."
      saveLabel="Save competition rules"
      saving={save.isPending}
      dirty={form.dirty}
      formError={form.formError}
      onSubmit={submit}
    >
      <CompetitionRulesFields values={form.values} errors={form.errors} onChange={change} />
    </SettingsCard>
  );
}
