import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { CATCH_SIZE_MAX_CM, REJECT_REASON_LENGTH } from '../../../shared/catches';
import type { JudgeCatchView } from '../../../shared/catches.schema';
import { useSpeciesNames } from '../../lib/species';
import type { JudgeCatchState } from './use-judge-catch';

/** Cancel and the form's send button, under the fields. */
function FormActions({ judge, children }: { judge: JudgeCatchState; children: ReactNode }) {
  return (
    <Group gap="xs" justify="flex-end">
      <Button variant="default" onClick={judge.close} disabled={judge.busy}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}

/** 'Correct & Approve': the species from the list and the size in cm, then 'Save & Approve'. */
export function SizeCorrectionForm({ item, judge }: { item: JudgeCatchView; judge: JudgeCatchState }) {
  const { correction } = judge;
  const { values, errors } = correction;
  const species = useSpeciesNames();
  return (
    <Stack gap="xs" mt="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <NativeSelect
          label="Species"
          value={values.fishType}
          onChange={(e) => correction.setValue('fishType', e.currentTarget.value)}
          data={[
            ...(species.includes(item.fishType) ? [] : [{ value: '', label: `${item.fishType} (choose a species)`, disabled: true }]),
            ...species.map((s) => ({ value: s, label: s })),
          ]}
        />
        <NumberInput
          label="Size (cm)"
          min={0}
          max={CATCH_SIZE_MAX_CM}
          step={0.1}
          decimalScale={1}
          allowNegative={false}
          inputMode="decimal"
          value={values.size}
          onChange={(v) => correction.setValue('size', v)}
          error={errors.size}
        />
      </SimpleGrid>
      <FormActions judge={judge}>
        <Button color="green" onClick={judge.saveAndApprove} {...judge.buttonState('correct')}>
          Save & Approve
        </Button>
      </FormActions>
    </Stack>
  );
}

/** 'Reject': the reason the angler will see, then 'Confirm Reject'. */
export function RejectForm({ judge }: { judge: JudgeCatchState }) {
  return (
    <Stack gap="xs" mt="xs">
      <Textarea
        label="Reason"
        description="The angler sees this reason."
        withAsterisk
        minRows={2}
        rows={2}
        maxLength={REJECT_REASON_LENGTH.max}
        {...judge.rejection.inputProps('reason')}
      />
      <FormActions judge={judge}>
        <Button color="red" onClick={judge.confirmReject} {...judge.buttonState('reject')}>
          Confirm Reject
        </Button>
      </FormActions>
    </Stack>
  );
}
