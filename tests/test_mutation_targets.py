"""Tests written against mutants that survived the mutation run (README, "Mutation testing"): each
asserts something a player or a user of the model would see if that line were wrong."""

from __future__ import annotations
