import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { opsGetRules, opsSetRules, type RuleTopicName, ruleTopicName } from '../../../contract/ops.ts';
import { ApiError } from '../../api/client.ts';
import { CallError, Done, LoadError } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { opsCall } from '../api.ts';
import { useMay, useOps } from '../session.ts';
import { Filters, opsPrimary, SelectField, TextAreaField } from '../ui.tsx';

/**
 * A merchant's rules of one topic as JSON (the defaults until set). What is saved is a draft the server checks whole;
 * it takes effect once another finance operator or administrator approves it (Pending changes).
 */
export function Rules() {
  const { merchant } = useOps();
  const [topic, setTopic] = useState<RuleTopicName>('payments');
  const rules = useQuery({
    queryKey: ['ops', 'rules', merchant.code, topic],
    queryFn: async () => (await opsCall(opsGetRules, { params: { code: merchant.code, topic } })).value,
  });
  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Topic</Trans>}
          value={topic}
          onChange={(e) => setTopic(e.target.value as RuleTopicName)}
        >
          {ruleTopicName.options.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
      </Filters>
      {rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : !rules.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <Editor
          key={topic}
          topic={topic}
          custom={rules.data.custom}
          rules={rules.data.pending?.proposed ?? rules.data.rules}
          pendingBy={rules.data.pending?.draftedBy ?? null}
        />
      )}
    </>
  );
}

function Editor({
  topic,
  custom,
  rules,
  pendingBy,
}: {
  topic: RuleTopicName;
  custom: boolean;
  /** The pending draft's rules when there is one (a new draft replaces it), else those in force. */
  rules: object;
  pendingBy: string | null;
}) {
  const { t } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(rules, null, 2));
  const [syntax, setSyntax] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await opsCall(opsSetRules, { params: { code: merchant.code, topic }, body })).value,
    onSuccess: ({ change }) => {
      setText(JSON.stringify(change.proposed, null, 2));
      void queryClient.invalidateQueries({ queryKey: ['ops', 'changes', merchant.code] });
    },
  });
  const problems = save.error instanceof ApiError ? Object.entries(save.error.fields) : [];
  const editable = may(opsSetRules);

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (err) {
          const why = err instanceof Error ? err.message : '';
          return setSyntax(t`This is not valid JSON: ${why}`);
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          return setSyntax(t`The rules are a JSON object: { … }`);
        save.mutate(parsed as Record<string, unknown>);
      }}
    >
      <p className="text-muted">
        {custom ? (
          <Trans>{merchant.code} has its own rules of this topic.</Trans>
        ) : (
          <Trans>{merchant.code} uses the default rules of this topic.</Trans>
        )}
      </p>
      {pendingBy && !save.isSuccess && (
        <p role="note" className="rounded-md bg-warning/10 p-2 text-sm">
          <Trans>
            Shown: the draft by {pendingBy}, waiting for approval. Saving again replaces it; the rules in
            force stay until a draft is approved.
          </Trans>
        </p>
      )}
      <TextAreaField
        mono
        label={<Trans>Rules ({topic})</Trans>}
        rows={18}
        spellCheck={false}
        readOnly={!editable}
        value={text}
        message={syntax}
        onChange={(e) => {
          setText(e.target.value);
          setSyntax(undefined);
        }}
      />
      {problems.length > 0 && (
        <div role="alert" className="rounded-md bg-danger/10 p-2 text-sm text-danger">
          <p className="font-medium">
            <Trans>Not saved: the server refused these values.</Trans>
          </p>
          <ul className="list-disc pl-5">
            {problems.map(([path, message]) => (
              <li key={path}>
                <code>{path}</code>: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {problems.length === 0 && <CallError error={save.error} />}
      {save.isSuccess && (
        <Done>{t`Draft saved: it takes effect once another finance operator or administrator approves it.`}</Done>
      )}
      {editable && (
        <div>
          <button type="submit" className={opsPrimary} disabled={save.isPending}>
            <Trans>Submit for approval</Trans>
          </button>
        </div>
      )}
    </form>
  );
}
