/** Not API: Anthropic Messages wire records and mapping. */
package dev.orchestrator.providers.internal.anthropic;
