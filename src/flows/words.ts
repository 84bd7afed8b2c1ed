import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ChartLabel, ChartState } from './chart.ts';
import { eventLabel, type GuardTree } from './labels.ts';
import { commonTitles, type MachineTitles, machineTitles } from './titles.ts';

/** A part of a machine in words, with its code name beside it. */
export interface Named {
  title: string;
  code: string;
}
/** A transition's event in words, its guard as a condition ('if the site is under maintenance'), its code name. */
export interface NamedLabel extends Named {
  guard: string | null;
}

export interface Words {
  machine: () => Named;
  about: () => string;
  state: (state: ChartState) => Named;
  label: (label: ChartLabel) => NamedLabel;
  event: (type: string) => Named;
  invoke: (id: string) => Named;
}

/**
 * The words of one machine's parts in the active language. A part with no title keeps its code name and is reported
 * to `missing` (titles.test.ts collects them).
 */
export function wordsOf(machine: string, i18n: I18n, missing: (part: string) => void = () => {}): Words {
  const own: Partial<MachineTitles> = machineTitles[machine] ?? {};
  const find = (
    kind: 'states' | 'events' | 'guards' | 'actors' | 'delays',
    keys: string[],
    fallback: string,
    commonKey = keys.at(-1)!,
  ): string => {
    const found: MessageDescriptor | undefined =
      keys.map((key) => own[kind]?.[key]).find(Boolean) ??
      (kind === 'delays' ? undefined : commonTitles[kind][commonKey]);
    if (found) return i18n._(found);
    missing(`${machine} ${kind}: ${keys[0]}`);
    return fallback;
  };
  const actor = (id: string) => find('actors', [id], id);

  const event = (type: string): string => {
    const parts = type.split('.');
    if (type === '') return i18n._(msg`Right away`);
    if (type.startsWith('xstate.done.actor.')) {
      const action = actor(parts.slice(3).join('.'));
      return i18n._(msg`${action}: done`);
    }
    if (type.startsWith('xstate.error.actor.')) {
      const action = actor(parts.slice(3).join('.'));
      return i18n._(msg`${action}: failed`);
    }
    if (type.startsWith('xstate.after.')) {
      const delay = parts[2] ?? '';
      if (/^\d+$/.test(delay)) return i18n._(msg`After ${delay} ms`);
      return find('delays', [delay], eventLabel(type));
    }
    if (type.startsWith('xstate.done.state.')) return i18n._(msg`All parts finished`);
    return find('events', [type], type);
  };

  const condition = (tree: GuardTree): string => {
    if (tree.op === 'is') return find('guards', [tree.code, tree.name], tree.code);
    const [first = '', second = ''] = tree.items.map(condition);
    if (tree.op === 'not') return i18n._(msg`not (${first})`);
    const rest = tree.items.slice(2).map(condition);
    const joined =
      tree.op === 'and' ? i18n._(msg`${first} and ${second}`) : i18n._(msg`${first} or ${second}`);
    return rest.reduce(
      (all, next) => (tree.op === 'and' ? i18n._(msg`${all} and ${next}`) : i18n._(msg`${all} or ${next}`)),
      joined,
    );
  };

  return {
    machine: () => {
      if (!own.title) missing(machine);
      return { title: own.title ? i18n._(own.title) : machine, code: machine };
    },
    about: () => (own.about ? i18n._(own.about) : ''),
    state: (state) =>
      state.path === ''
        ? { title: own.title ? i18n._(own.title) : machine, code: machine }
        : { title: find('states', [state.path], state.name, state.name), code: state.path },
    label: (label) => {
      const reason = label.guard ? condition(label.guard) : null;
      return {
        title: event(label.event),
        guard: reason === null ? null : i18n._(msg`if ${reason}`),
        code: label.code,
      };
    },
    event: (type) => ({ title: event(type), code: eventLabel(type) }),
    invoke: (id) => ({ title: actor(id), code: id }),
  };
}
