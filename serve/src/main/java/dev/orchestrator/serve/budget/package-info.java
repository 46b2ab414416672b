/**
 * Admission per client, shared by every front: {@link dev.orchestrator.serve.budget.BudgetGate}
 * checks a request's models against the client's allow-list and its spend against its budget, and
 * counts what each answer cost (docs/reference.md §5, ADR 0017). Not API: public only for the
 * server's packages; may change in any release.
 */
package dev.orchestrator.serve.budget;
