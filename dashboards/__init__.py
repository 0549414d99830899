"""The Streamlit app: pages over the SQL marts (read-only), and the audit replayer."""
