package dev.orchestrator.serve;

import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.chat.ChatRequest;
import java.math.BigDecimal;
import java.time.Duration;

/**
 * Admits a request for a client (docs/reference.md §5): a model outside the client's allow-list is
 * {@code 403 model_not_allowed}; a client whose budget is spent keeps its free routes — the request
 * is planned with a maximum price of zero, so only free candidates remain — and is {@code 429
 * budget_exceeded} with {@code Retry-After} to the window's end only when no free candidate is
 * left. Free routes cost zero, so they never count. The check happens as a request starts: requests
 * already running may together go over the budget by what they cost. Thread-safe.
 */
final class BudgetGate {
  private final SpendLedger ledger;

  BudgetGate(SpendLedger ledger) {
    this.ledger = ledger;
  }

  /**
   * The request to run for {@code client}: {@code request} itself, or a free-only copy.
   *
   * @throws ApiError 403 or 429 as above
   */
  ChatRequest admit(ClientToken client, ChatRequest request, TaskOrchestrator orchestrator) {
    allowed(client, request.model(), "model");
    for (int i = 0; i < request.models().size(); i++) {
      allowed(client, request.models().get(i), "models[" + i + "]");
    }
    if (!client.budgeted()) {
      return request;
    }
    Duration wait = ledger.exhaustedFor(client);
    if (wait == null) {
      return request;
    }
    ChatRequest freeOnly = request.toBuilder().maxPricePerMtok(BigDecimal.ZERO).build();
    if (!orchestrator.plan(freeOnly).candidates().isEmpty()) {
      return freeOnly;
    }
    long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
    throw ApiError.of(
            429,
            "insufficient_quota",
            "client '"
                + client.name()
                + "' has spent its budget (today: $"
                + ledger.today(client.name()).toPlainString()
                + limit(" of $", client.budgetUsdPerDay())
                + ", this month: $"
                + ledger.thisMonth(client.name()).toPlainString()
                + limit(" of $", client.budgetUsdPerMonth())
                + "); free routes stay available, but '"
                + request.model()
                + "' has none (retry in "
                + seconds
                + " s, when the window ends)",
            null,
            "budget_exceeded")
        .header("Retry-After", Long.toString(seconds));
  }

  /** Counts what an answer cost against {@code client}'s budget. */
  void spent(ClientToken client, BigDecimal costUsd) {
    if (client.budgeted()) {
      ledger.add(client.name(), costUsd);
    }
  }

  private static String limit(String prefix, BigDecimal v) {
    return v == null ? "" : prefix + v.toPlainString();
  }

  private static void allowed(ClientToken client, String model, String param) {
    if (model != null && !client.allows(model)) {
      throw ApiError.of(
          403,
          "permission_error",
          "client '"
              + client.name()
              + "' may not use model '"
              + model
              + "' (expected one of: "
              + String.join(", ", client.models())
              + ")",
          param,
          "model_not_allowed");
    }
  }
}
