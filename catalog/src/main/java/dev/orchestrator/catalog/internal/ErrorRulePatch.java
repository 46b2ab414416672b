package dev.orchestrator.catalog.internal;

import dev.orchestrator.engine.failure.ErrorRule;

/**
 * An operator's failure rule as read, with the value naming its provider, so that a provider the
 * merged catalog does not define is reported at its line.
 *
 * @param rule the rule
 * @param provider the {@code when.provider} value (absent when the rule names none)
 */
record ErrorRulePatch(ErrorRule rule, Value provider) {}
