/**
 * The README's "Use it as a library" program, compiled and run by {@code ReadmeExampleTest}; the
 * README shows this file from its first import to its end.
 */
package dev.orchestrator.cli.readme;
