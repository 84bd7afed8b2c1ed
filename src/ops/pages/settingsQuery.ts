import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  type OpsSettings,
  opsMerchantSettings,
  opsUpdateMerchantSettings,
} from '../../../contract/merchantSettings.ts';
import { opsCall } from '../api.ts';
import { merchantsKey, useMay, useOps } from '../session.ts';

export type SettingsPatch = z.input<typeof opsUpdateMerchantSettings.body>;

/** The picked merchant's settings, one cache entry per merchant under the ops session. */
export const settingsKey = (code: string) => ['ops', 'merchant-settings', code];

export function useSettings() {
  const { merchant } = useOps();
  return useQuery({
    queryKey: settingsKey(merchant.code),
    queryFn: async () =>
      (await opsCall(opsMerchantSettings, { params: { code: merchant.code } })).value.settings,
  });
}

/**
 * Saves sections of the picked merchant's settings: the reply replaces the cached settings, the merchants' list
 * (the picker's names and brands) is read again, and `done` names what was saved until the next save.
 */
export function useSaveSettings() {
  const { merchant } = useOps();
  const may = useMay();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async ({ patch }: { patch: SettingsPatch; section: string }) =>
      (await opsCall(opsUpdateMerchantSettings, { params: { code: merchant.code }, body: patch })).value
        .settings,
    onMutate: () => setSaved(null),
    onSuccess: (settings: OpsSettings, { section }) => {
      queryClient.setQueryData(settingsKey(merchant.code), settings);
      void queryClient.invalidateQueries({ queryKey: merchantsKey });
      setSaved(section);
    },
  });
  return { save, saved, editable: may(opsUpdateMerchantSettings) };
}
