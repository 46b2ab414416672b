package dev.orchestrator.cli;

import dev.orchestrator.engine.plan.Exclusion;
import dev.orchestrator.engine.plan.ExclusionReason;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The excluded routes of a plan as text: a count per reason, or every route. Thread-safe. */
final class ExcludedTable {
  private ExcludedTable() {}

  /** How many routes of each reason show as examples in the summary. */
  static final int EXAMPLES = 3;

  /** One row per reason: the count and the first few routes. */
  static String byReason(List<Exclusion> excluded) {
    Map<ExclusionReason, List<String>> byReason = new EnumMap<>(ExclusionReason.class);
    for (Exclusion x : excluded) {
      byReason.computeIfAbsent(x.reason(), k -> new ArrayList<>()).add(x.route());
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"EXCLUDED", "COUNT", "FOR EXAMPLE"});
    byReason.forEach(
        (reason, routes) -> {
          int show = Math.min(EXAMPLES, routes.size());
          rows.add(
              new String[] {
                reason.wireName(),
                Integer.toString(routes.size()),
                String.join(", ", routes.subList(0, show))
                    + (show < routes.size() ? ", … " + (routes.size() - show) + " more" : "")
              });
        });
    return TextTable.render(rows, "  ");
  }

  /** One row per excluded route: route, reason and detail. */
  static String full(List<Exclusion> excluded) {
    List<String[]> rows = new ArrayList<>(excluded.size() + 1);
    rows.add(new String[] {"EXCLUDED ROUTE", "REASON", "DETAIL"});
    for (Exclusion x : excluded) {
      rows.add(new String[] {x.route(), x.reason().wireName(), x.detail()});
    }
    return TextTable.render(rows, "  ");
  }
}
