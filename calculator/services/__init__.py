"""Every change of the ledger goes through a service here (services write, selectors read).

A service is named ``<thing>_<action>``, takes keyword-only arguments, runs in one transaction and
locks the sitting's row first (``history.locked``), so the rounds of one sitting are recorded,
corrected and voided one at a time, in order. The dealer, the streak and the dealer's base of a
round never come from the client: they follow from the sitting's own rounds (R2.2, R8.1).
Services read through ``calculator.selectors``; no selector calls a service.

One module per domain, named as the pages, the API and the tests name it:

- ``sittings``: a sitting's life: create (its seats filled from the roster), invite, remove a
  member, change the house rules, rotate or revoke the share link, archive, restore, delete,
  mark paid out; the house rules checked against the game's schema.
- ``rounds``: a round's entry parsed and checked (``round_entry_parse``), and the round recorded,
  corrected or voided.
- ``takeback``: the last round taken back (``round_undo``).
- ``history``: the walk that rescores every round from one on, and the running state stored with
  the rows (balances on the sitting and on each round, next dealer, streak, newest number).
- ``totals``: the kept per-seat and per-pair totals (``SeatTotals``, ``PairTotals``) brought up
  to date with every change of history.
- ``adjustments``: money that is not a hand (a penalty, a side payment, a chip correction).
- ``roster``: the people a user plays with: rename, merge, link to an account and unlink.
- ``groups``: people who play together: create, change, members, delete, mark their sittings
  paid out.
- ``imports``: a sitting rebuilt from an export file.
- ``once``: a write happens once per key: the API's ``Idempotency-Key``, a page form's hidden key,
  a round's key kept with its sitting (claim or replay, keep the answer, forget old keys).
- ``limits``: the caps (rounds, rules versions, live sittings, an import's size) and the checks
  that refuse a write before anything is saved (owner only; an archived sitting is read-only).
"""
