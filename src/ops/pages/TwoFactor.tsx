import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Operator, opsTotpConfirm, opsTotpDisable, opsTotpEnrol } from '../../../contract/backoffice.ts';
import { QrCode } from '../../ui/QrCode.tsx';
import { CallError, Done, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { FormPanel, InputField, opsButton, opsPrimary, Panel } from '../ui.tsx';

/**
 * The operator's own two-factor login (TOTP): enrol by scanning a QR code with an authenticator app and typing its
 * first code; or, once on, turn it off with a current code. `onChanged` gets the operator as the server now has it.
 */
export function TwoFactor({ operator, onChanged }: { operator: Operator; onChanged: (o: Operator) => void }) {
  const [done, setDone] = useState<'on' | 'off' | null>(null);
  return (
    <div className="flex max-w-xl flex-col gap-3">
      {done === 'on' && (
        <Done>
          <Trans>Two-factor login is on: signing in now asks for the app’s code.</Trans>
        </Done>
      )}
      {done === 'off' && (
        <Done>
          <Trans>Two-factor login is off.</Trans>
        </Done>
      )}
      {operator.totp ? (
        <TurnOff
          onDone={(o) => {
            setDone('off');
            onChanged(o);
          }}
        />
      ) : (
        <Enrol
          onDone={(o) => {
            setDone('on');
            onChanged(o);
          }}
        />
      )}
    </div>
  );
}

function Enrol({ onDone }: { onDone: (o: Operator) => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: async () => (await opsCall(opsTotpEnrol)).value });
  const confirm = useMutation({
    mutationFn: async () => (await opsCall(opsTotpConfirm, { body: { code } })).value.operator,
    onSuccess: onDone,
  });
  if (!start.data)
    return (
      <Panel title={<Trans>Two-factor login is off</Trans>}>
        <p>
          <Trans>
            Signing in will ask for a code from an authenticator app on your phone as well as your password.
          </Trans>
        </p>
        <CallError error={start.error} />
        <div>
          <button
            type="button"
            className={opsPrimary}
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            <Trans>Set up two-factor login</Trans>
          </button>
        </div>
      </Panel>
    );
  return (
    <FormPanel
      title={<Trans>Scan the code with your authenticator app</Trans>}
      onSubmit={() => confirm.mutate()}
    >
      <div className="flex flex-col items-start gap-2 sm:col-span-2">
        <QrCode value={start.data.uri} label={t`Two-factor setup code`} size={180} margin={8} />
        <p className="text-xs text-muted">
          <Trans>Or type this key in the app:</Trans>{' '}
          <code className="break-all font-mono text-ink">{start.data.secret}</code>
        </p>
        <p className="text-xs text-muted">
          <Trans>The key is shown only now.</Trans>
        </p>
      </div>
      <CodeField code={code} onChange={setCode} error={confirm.error} />
      <div className="flex items-end gap-2">
        <button type="submit" className={opsPrimary} disabled={confirm.isPending}>
          <Trans>Turn on</Trans>
        </button>
      </div>
      <div className="sm:col-span-2">
        <CallError error={confirm.error} />
      </div>
    </FormPanel>
  );
}

function TurnOff({ onDone }: { onDone: (o: Operator) => void }) {
  const [code, setCode] = useState('');
  const off = useMutation({
    mutationFn: async () => (await opsCall(opsTotpDisable, { body: { code } })).value.operator,
    onSuccess: onDone,
  });
  return (
    <FormPanel title={<Trans>Two-factor login is on</Trans>} onSubmit={() => off.mutate()}>
      <CodeField code={code} onChange={setCode} error={off.error} />
      <div className="flex items-end gap-2">
        <button type="submit" className={opsButton} disabled={off.isPending}>
          <Trans>Turn off</Trans>
        </button>
      </div>
      <div className="sm:col-span-2">
        <CallError error={off.error} />
      </div>
    </FormPanel>
  );
}

/** The six digits the authenticator app shows now. */
function CodeField({
  code,
  onChange,
  error,
}: {
  code: string;
  onChange: (c: string) => void;
  error: unknown;
}) {
  return (
    <InputField
      label={<Trans>Code from the app</Trans>}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      message={serverField(error, 'code')}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
