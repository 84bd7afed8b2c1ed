import { useState } from 'react';

/**
 * A records list's page and account filter (member and agent records). A filter change goes back to page 1 (`refilter`); the account asked for is
 * the typed text trimmed, none when empty.
 */
export function useListState() {
  const [pageNo, setPageNo] = useState(1);
  const [accountText, setAccountText] = useState('');
  const refilter =
    <V>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPageNo(1);
    };
  return {
    pageNo,
    setPageNo,
    accountText,
    setAccountText,
    account: accountText.trim() || undefined,
    refilter,
  };
}
