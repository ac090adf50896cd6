"""Per-host adapters: parse a host payload, spell a decision in the host's wire format."""
