"""Play mode: walk a finished maze from entrance to exit, level after level, with saves."""
