/**
 * A frozen copy of the provider failure classifier as it was before its performance rewrite (test
 * scope only). It is the oracle of {@code ClassifierEquivalenceTest}: the optimised classifier must
 * return exactly the same verdicts, messages and bodies on every corpus example and on random
 * bodies. It is not a second classifier of the product; when a classification rule changes on
 * purpose, change it in both places or retire this oracle together with the equivalence test.
 */
package dev.orchestrator.providers.classify.reference;
