"""Task definitions published by evaluation frameworks, compiled into pull adapters."""
