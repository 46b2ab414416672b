/** Provider-neutral chat requests, responses and stream listeners. */
package dev.orchestrator.engine.chat;
