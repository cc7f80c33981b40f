"""Reads shared by the pages and the API (selectors read; ``calculator.services`` write).

Every read runs a fixed number of queries whatever the length of the sitting, and returns plain
JSON-ready data: money as normalized decimal strings (``calculator.money.money_str``). No selector
imports a service.

One module per domain, named as the pages, the API and the tests name it:

- ``access``: who may see what: the sittings of a user, a sitting by share token, its members.
- ``sittings``: a sitting's game and seats, its stored running state and balances, its house
  rules, the engine's answer in its context, its seat names, detail and summaries.
- ``ledger``: rounds as the API answers them, windows and pages of rounds, a round's detail and
  rules, the ledger with running balances, and the ledger as CSV.
- ``standings``: the standings of a sitting, the settle-up (fewest transfers), the players'
  statistics, and the balance series of the chart.
- ``totals``: what a round or a sitting counts for the kept per-seat and per-pair totals.
- ``adjustments``: a sitting's adjustments listed, and one of them.
- ``takeback``: the round an undo takes back and what it would change, and what starting again
  starts from.
- ``exports``: a sitting as an export file, and what a share link shows.
- ``roster``: the people of a user's roster, one person's detail, the names a new sitting
  suggests, and a person's record over a period.
- ``groups``: the groups a user may see, a group's periods, standings, titles, board and the
  settle-up of its sittings not paid out.
"""
