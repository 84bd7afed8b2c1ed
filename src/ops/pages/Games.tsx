import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  GAME_FLAGS,
  type GameEdit,
  type GameFlag,
  type OpsGame,
  opsEditGames,
  opsGameIcon,
  opsGames,
  opsRemoveGameIcon,
} from '../../../contract/catalogue.ts';
import { GAME_TYPES } from '../../../contract/constants.ts';
import type { GameType } from '../../../contract/games.ts';
import { opsVendors } from '../../../contract/vendors.ts';
import { CallError, Done, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { isoFromLocal, useOpsFormat } from '../format.ts';
import { PictureUpload, RemovePicture } from '../PictureUpload.tsx';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, InputField, opsButton, opsInlineInput, row, SelectField, Switch } from '../ui.tsx';

interface Search {
  vendor: string;
  gameType: GameType | '';
  name: string;
  flag: GameFlag | '';
}
const NO_SEARCH: Search = { vendor: '', gameType: '', name: '', flag: '' };

/**
 * The picked merchant's game catalogue: find games by vendor, type, name or flag, and set hot, new, order,
 * visibility and maintenance one by one or for a selection; upload a game's icon. Members see a change at their
 * next request (the server reads the catalogue on each).
 */
export function Games() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const may = useMay();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(NO_SEARCH);
  const [search, setSearch] = useState(NO_SEARCH);
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const editable = may(opsEditGames);
  const vendors = useQuery({
    queryKey: ['ops', 'vendors', merchant.code],
    queryFn: async () => (await opsCall(opsVendors, { params: { code: merchant.code } })).value,
  });
  const list = useQuery({
    queryKey: ['ops', 'games', merchant.code, search, pageNo],
    queryFn: async () =>
      (
        await opsCall(opsGames, {
          params: { code: merchant.code },
          query: {
            pageNo,
            ...(search.vendor ? { vendor: search.vendor } : {}),
            ...(search.gameType ? { gameType: search.gameType } : {}),
            ...(search.name ? { name: search.name } : {}),
            ...(search.flag ? { flag: search.flag } : {}),
          },
        })
      ).value,
  });
  const edit = useMutation({
    mutationFn: async ({ nodeIds, set }: { nodeIds: string[]; set: GameEdit }) =>
      (await opsCall(opsEditGames, { params: { code: merchant.code }, body: { nodeIds, set } })).value.list,
    onSuccess: (changed) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'games'] });
      setSelected(new Set());
      setDone(t`${plural(changed.length, { one: '# game changed.', other: '# games changed.' })}`);
    },
  });
  const change = (nodeIds: string[], set: GameEdit) => {
    setDone(null);
    edit.mutate({ nodeIds, set });
  };
  const flagName: Record<GameFlag, string> = {
    hot: t`Hot`,
    new: t`New`,
    hidden: t`Hidden`,
    maintenance: t`Under maintenance`,
  };
  const toggle = (nodeId: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(nodeId)) next.delete(nodeId);
      else next.add(nodeId);
      return next;
    });

  return (
    <>
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ ...typed, name: typed.name.trim() });
          setPageNo(1);
          setSelected(new Set());
        }}
      >
        <Filters>
          <SelectField
            label={<Trans>Vendor</Trans>}
            value={typed.vendor}
            onChange={(e) => setTyped({ ...typed, vendor: e.target.value })}
          >
            <option value="">{t`All`}</option>
            {(vendors.data?.list ?? []).map((v) => (
              <option key={v.vendor} value={v.vendor}>
                {v.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={<Trans>Type</Trans>}
            value={typed.gameType}
            onChange={(e) => setTyped({ ...typed, gameType: e.target.value as GameType | '' })}
          >
            <option value="">{t`All`}</option>
            {GAME_TYPES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={<Trans>Flag</Trans>}
            value={typed.flag}
            onChange={(e) => setTyped({ ...typed, flag: e.target.value as GameFlag | '' })}
          >
            <option value="">{t`Any`}</option>
            {GAME_FLAGS.map((f) => (
              <option key={f} value={f}>
                {flagName[f]}
              </option>
            ))}
          </SelectField>
          <InputField
            label={<Trans>Name</Trans>}
            type="search"
            maxLength={64}
            value={typed.name}
            onChange={(e) => setTyped({ ...typed, name: e.target.value })}
          />
        </Filters>
        <div>
          <button type="submit" className={opsButton}>
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      {editable && selected.size > 0 && (
        <BatchBar
          count={selected.size}
          pending={edit.isPending}
          onChange={(set) => change([...selected], set)}
          onClear={() => setSelected(new Set())}
        />
      )}
      {done && <Done>{done}</Done>}
      <CallError error={edit.error} />
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Game pages` }}
        caption={t`Games`}
        empty={<Trans>No games found.</Trans>}
        minWidth="64rem"
        columns={[
          { head: <span className="sr-only">{t`Selected`}</span> },
          { head: <Trans>Game</Trans> },
          { head: <Trans>Vendor</Trans> },
          { head: <Trans>Hot</Trans> },
          { head: <Trans>New</Trans> },
          { head: <Trans>Shown</Trans> },
          { head: <Trans>Order</Trans> },
          { head: <Trans>Maintenance</Trans> },
          { head: <Trans>Icon</Trans> },
        ]}
        row={(g) => (
          <GameRow
            key={g.nodeId}
            game={g}
            editable={editable}
            selected={selected.has(g.nodeId)}
            onSelect={() => toggle(g.nodeId)}
            onChange={(set) => change([g.nodeId], set)}
            onIcon={(removed) => {
              void queryClient.invalidateQueries({ queryKey: ['ops', 'games'] });
              const name = g.names.en ?? g.nodeId;
              setDone(removed ? t`Icon of ${name} removed.` : t`Icon of ${name} uploaded.`);
            }}
            pending={edit.isPending}
          />
        )}
      />
    </>
  );
}

function GameRow({
  game: g,
  editable,
  selected,
  pending,
  onSelect,
  onChange,
  onIcon,
}: {
  game: OpsGame;
  editable: boolean;
  selected: boolean;
  pending: boolean;
  onSelect: () => void;
  onChange: (set: GameEdit) => void;
  /** `removed`: the uploaded icon was taken away. */
  onIcon: (removed: boolean) => void;
}) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const { when } = useOpsFormat();
  const may = useMay();
  const name = g.names.en ?? Object.values(g.names)[0] ?? g.nodeId;
  const [sort, setSort] = useState(String(g.sort));
  const saveSort = () => {
    const n = Number(sort);
    if (sort.trim() !== '' && Number.isInteger(n) && n !== g.sort) onChange({ sort: n });
  };
  return (
    <tr className={row}>
      <td className={cell}>
        {editable && (
          <input type="checkbox" checked={selected} onChange={onSelect} aria-label={t`Select ${name}`} />
        )}
      </td>
      <td className={cell}>
        <div className="flex items-center gap-2">
          <img src={g.iconUrl} alt="" className="h-10 w-10 shrink-0 rounded object-cover" />
          <div>
            <div className="font-medium">{name}</div>
            <div className="font-mono text-xs text-muted">
              {g.nodeId} · {g.gameType}
            </div>
          </div>
        </div>
      </td>
      <td className={cell}>{g.vendorName}</td>
      <td className={cell}>
        <Switch
          checked={g.isHot}
          disabled={!editable || pending}
          label={t`Hot: ${name}`}
          onChange={(on) => onChange({ isHot: on })}
        />
      </td>
      <td className={cell}>
        <Switch
          checked={g.isNew}
          disabled={!editable || pending}
          label={t`New: ${name}`}
          onChange={(on) => onChange({ isNew: on })}
        />
      </td>
      <td className={cell}>
        <Switch
          checked={!g.hidden}
          disabled={!editable || pending}
          label={t`Shown in lobbies: ${name}`}
          onChange={(on) => onChange({ hidden: !on })}
        />
      </td>
      <td className={cell}>
        {editable ? (
          <input
            type="number"
            min={0}
            max={1_000_000}
            step={1}
            className={`${opsInlineInput} w-20`}
            aria-label={t`Order of ${name}`}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
            onBlur={saveSort}
            onKeyDown={(e) => {
              if (e.key === 'Enter') saveSort();
            }}
          />
        ) : (
          <span className="tabular-nums">{g.sort}</span>
        )}
      </td>
      <td className={cell}>
        {g.maintenanceUntil ? (
          <div className="flex flex-col items-start gap-1">
            <span className="text-danger">
              <Trans>Until {when(g.maintenanceUntil)}</Trans>
            </span>
            {editable && (
              <button
                type="button"
                className={opsButton}
                disabled={pending}
                aria-label={t`End maintenance: ${name}`}
                onClick={() => onChange({ maintenanceUntil: null })}
              >
                <Trans>End</Trans>
              </button>
            )}
          </div>
        ) : (
          <span className="text-muted">—</span>
        )}
      </td>
      <td className={cell}>
        {may(opsGameIcon) && (
          <PictureUpload
            call={opsGameIcon}
            params={{ code: merchant.code, nodeId: g.nodeId }}
            label={t`Icon of ${name}`}
            onDone={() => onIcon(false)}
          />
        )}
        {g.uploadedIcon && may(opsRemoveGameIcon) && (
          <RemovePicture
            call={opsRemoveGameIcon}
            params={{ code: merchant.code, nodeId: g.nodeId }}
            label={t`Remove the icon of ${name}`}
            onDone={() => onIcon(true)}
          />
        )}
      </td>
    </tr>
  );
}

/** What a selection of games can be given at once. */
function BatchBar({
  count,
  pending,
  onChange,
  onClear,
}: {
  count: number;
  pending: boolean;
  onChange: (set: GameEdit) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const [until, setUntil] = useState('');
  const actions: { label: string; set: GameEdit }[] = [
    { label: t`Mark hot`, set: { isHot: true } },
    { label: t`Unmark hot`, set: { isHot: false } },
    { label: t`Mark new`, set: { isNew: true } },
    { label: t`Unmark new`, set: { isNew: false } },
    { label: t`Hide`, set: { hidden: true } },
    { label: t`Show`, set: { hidden: false } },
    { label: t`End maintenance`, set: { maintenanceUntil: null } },
  ];
  const iso = isoFromLocal(until);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of actions, not a form field set
    <div
      role="group"
      aria-label={t`Change the selected games`}
      className="flex flex-col gap-2 rounded border border-line p-2"
    >
      <p className="text-sm font-medium">
        {t`${plural(count, { one: '# game selected', other: '# games selected' })}`}
      </p>
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={opsButton}
            disabled={pending}
            onClick={() => onChange(a.set)}
          >
            {a.label}
          </button>
        ))}
        <button type="button" className={opsButton} onClick={onClear}>
          <Trans>Clear selection</Trans>
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <InputField
          label={<Trans>Under maintenance until</Trans>}
          type="datetime-local"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <button
          type="button"
          className={opsButton}
          disabled={pending || !iso}
          onClick={() => iso && onChange({ maintenanceUntil: iso })}
        >
          <Trans>Start maintenance</Trans>
        </button>
      </div>
    </div>
  );
}
