/** Not API: OpenAI chat completions wire records and mapping. */
package dev.orchestrator.providers.internal.openai;
