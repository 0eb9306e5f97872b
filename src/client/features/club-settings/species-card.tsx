import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { clubSpeciesSchema } from '../../../shared/species-rules';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { setClubSpecies, useSpecies } from '../../lib/species';
import { useTRPC } from '../../trpc';
import { SettingsCard } from './settings-card';
import { withoutMessages } from './competition-rules-values';
import { SpeciesFields } from './species-fields';
import { useCardSave } from './use-card-save';
import { notNumberMessages, speciesFieldOf, speciesInput, speciesValues, type SpeciesField, type SpeciesValues } from './species-values';

/**
 * Admin → Club settings' species and legal sizes: the species a catch is logged as, each one's legal minimum length
 * (the phone's warning and the judge's flag) and whether it is placed and scores points. A save is audited and
 * applies to catches logged and results worked out from then on; a catch already logged keeps its species.
 */
export function SpeciesCard() {
  const trpc = useTRPC();
  const species = useSpecies();
  const form = useSchemaForm<typeof clubSpeciesSchema, SpeciesValues, SpeciesField>({
    schema: clubSpeciesSchema,
    initialValues: () => speciesValues(species),
    toInput: speciesInput,
    fieldOf: speciesFieldOf(),
  });
  const save = useMutation(
    trpc.admin.club.saveSpecies.mutationOptions(
      useCardSave({
        form,
        store: setClubSpecies,
        values: speciesValues,
        queryKey: trpc.club.species.queryKey(),
        saved: () => [
          'Species saved',
          'Catches are logged, checked and placed by them from now on; catches already logged keep their species.',
        ],
        failure: 'Could not save the species',
      }),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    // A size that is no number says so (the schema would say only that it is not a length).
    form.setErrors((errors) => ({ ...errors, ...notNumberMessages(form.values) }));
    if (input) save.mutate(input);
  };
  const change = (values: SpeciesValues, field: SpeciesField) => {
    form.setValues(values);
    form.setErrors((errors) => withoutMessages(errors, field));
  };

  return (
    <SettingsCard
      id="species-title"
      title="Species and legal sizes"
      intro="The species members log catches as, each one's legal minimum length (the phone warns before a fish under it is kept, and the judges are told) and whether it is placed and scores points. Catches already logged keep their species."
      saveLabel="Save species"
      saving={save.isPending}
      dirty={form.dirty}
      formError={form.formError}
      onSubmit={submit}
    >
      <SpeciesFields values={form.values} errors={form.errors} onChange={change} />
    </SettingsCard>
  );
}
