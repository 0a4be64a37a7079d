"""ingest: the build side's reading — decode, repair, HTML, clean."""
