"""The engine: pure functions from a question's facts to an answer's facts, and their data.

Importing it first makes pydantic models' attribute reads plain ones (rules/attribute_reads.py).
"""

from rules.attribute_reads import plain_attribute_reads

plain_attribute_reads()
