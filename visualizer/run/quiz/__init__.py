"""Quiz mode: questions about the next algorithm step, answered from what is on screen.

``makers`` registers a question maker per algorithm and solver, ``question`` says what a question
is, ``session`` runs a quiz over a run, ``cadence`` reads when to ask.
"""
